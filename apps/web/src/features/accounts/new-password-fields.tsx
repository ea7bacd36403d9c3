import { useFormContext } from 'react-hook-form';
import { TextField } from '../../components/ui/form';
import { useAccountsMessages } from './messages';
import { StrengthMeter } from './strength-meter';

/**
 * A new password twice, with the strength hint (register, reset, change password). `name` is the
 * contract's field (`password` or `newPassword`); the copy is `repeat` (see withRepeat).
 */
export function NewPasswordFields({ name, label }: { name: 'password' | 'newPassword'; label?: string }) {
  const { t } = useAccountsMessages();
  const { watch } = useFormContext();
  const value = String(watch(name) ?? '');
  return (
    <>
      <div className="flex flex-col gap-2">
        <TextField
          name={name}
          label={label ?? t('field.password')}
          type="password"
          autoComplete="new-password"
          aria-describedby="password-strength"
        />
        <StrengthMeter id="password-strength" password={value} />
      </div>
      <TextField name="repeat" label={t('field.repeatPassword')} type="password" autoComplete="new-password" />
    </>
  );
}
