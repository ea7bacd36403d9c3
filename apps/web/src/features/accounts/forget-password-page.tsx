import '../../app.css';
import { useState, type FormEvent } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import type { PasswordResetRequested } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { AuthTitle, Field, FormMessage, linkClass } from './field';
import { useAccountsMessages } from './messages';
import { accountError } from './password-checks';
import { savePendingReset } from './pending';
import { useSubmit } from './use-submit';

/** `/forget-password`: sends a reset code; the same answer whether or not the account exists. */
export function ForgetPasswordPage() {
  const { t } = useAccountsMessages();
  const router = useRouter();
  const [account, setAccount] = useState('');
  const form = useSubmit(['account'], t('common.genericError'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit({ account: accountError(t, account) }, async () => {
      const sent = await apiFetch<PasswordResetRequested>('/auth/password-reset/request', {
        method: 'POST',
        body: { account: account.trim() },
      });
      savePendingReset({ account: account.trim(), resendAvailableAt: sent.resendAvailableAt, message: sent.message });
      await router.navigate({ to: '/reset-password' });
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <AuthTitle title={t('forgot.title')} lead={t('forgot.lead')} />
      <Field
        id="account"
        label={t('field.account')}
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('field.accountHint')}
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        error={form.errors.account}
      />
      <FormMessage>{form.message}</FormMessage>
      <Button type="submit" isBusy={form.isBusy} className="w-full">
        {t('forgot.submit')}
      </Button>
      <Link to="/" className={`text-center text-sm ${linkClass}`}>
        {t('common.backToSignIn')}
      </Link>
    </form>
  );
}
