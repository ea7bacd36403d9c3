import '../../app.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { cn } from '../../components/ui/cn';
import { inputClass, linkClass } from '../../components/ui/field';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { authOptionsQueryOptions, register } from './api';
import { AuthTitle } from './auth-title';
import { registerSchema } from './form-schemas';
import { useAccountsMessages } from './messages';
import { NewPasswordFields } from './new-password-fields';
import { savePendingCode } from './pending';

/** `/register`: email or phone, name, password twice, invite code (from `?ref=`). */
export function RegisterPage() {
  const { t } = useAccountsMessages();
  const router = useRouter();
  // Read once, and without throwing while the page leaves after registering.
  const search = useSearch({ from: '/_auth/register', shouldThrow: false });
  const [referral] = useState(() => search?.ref ?? '');
  const { data: options } = useQuery(authOptionsQueryOptions());
  const requireInvite = options?.requireInvite ?? false;
  const [kind, setKind] = useState<'email' | 'phone'>('email');
  const form = useZodForm(registerSchema(kind, requireInvite), {
    defaultValues: { email: '', phone: '', displayName: '', password: '', repeat: '', inviteCode: referral.trim().toUpperCase() },
  });

  const kindButton = (value: 'email' | 'phone', label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={kind === value}
      onClick={() => {
        setKind(value);
        form.resetField('email');
        form.resetField('phone');
      }}
      className={cn(
        'min-h-10 rounded-lg text-sm font-medium transition-colors',
        kind === value
          ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-gray-50'
          : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100',
      )}
    >
      {label}
    </button>
  );

  return (
    <Form
      form={form}
      onSubmit={async ({ email, phone, displayName, password, inviteCode }) => {
        const sent = await register({
          ...(kind === 'email' ? { email } : { phone }),
          displayName,
          password,
          ...(inviteCode ? { inviteCode } : {}),
        });
        savePendingCode({
          kind: 'register',
          verificationId: sent.verificationId,
          destination: sent.destination,
          resendAvailableAt: sent.resendAvailableAt,
        });
        await router.navigate({ to: '/verify-code' });
      }}
    >
      <AuthTitle title={t('register.title')} lead={t('register.lead')} />
      <div
        role="radiogroup"
        aria-label={t('register.contactKind')}
        className="grid grid-cols-2 gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800"
      >
        {kindButton('email', t('register.useEmail'))}
        {kindButton('phone', t('register.usePhone'))}
      </div>
      {kind === 'email' ? (
        <TextField
          key="email"
          name="email"
          label={t('field.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      ) : (
        <TextField
          key="phone"
          name="phone"
          label={t('field.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          placeholder="+15551234567"
          hint={t('field.phoneHint')}
        />
      )}
      <TextField name="displayName" label={t('field.displayName')} autoComplete="name" maxLength={60} />
      <NewPasswordFields name="password" />
      <TextField
        name="inviteCode"
        label={requireInvite ? t('field.inviteCode') : t('field.inviteCodeOptional')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        className={cn(inputClass, 'tracking-wide uppercase')}
        hint={t('field.inviteHint')}
      />
      <SubmitButton>{t('register.submit')}</SubmitButton>
      <p className="text-center text-sm text-gray-600 dark:text-gray-400">
        {t('register.haveAccount')}{' '}
        <Link to="/" className={linkClass}>
          {t('register.signIn')}
        </Link>
      </p>
    </Form>
  );
}
