import { TextField } from '../../components/ui/form';
import { useAccountsMessages } from './messages';

/** "Email or phone" as the account forms ask it: the email keyboard, no capitals or spell check. */
export function AccountField({ hint }: { hint?: string }) {
  const { t } = useAccountsMessages();
  return (
    <TextField
      name="account"
      label={t('field.account')}
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      hint={hint}
    />
  );
}
