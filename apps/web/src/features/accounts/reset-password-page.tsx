import '../../app.css';
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { MessageResponse, PasswordResetRequested } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { Button, buttonClass } from '../../components/ui/button';
import { normalizeCode } from './checks';
import { AuthTitle, Field, FormMessage, linkClass } from './field';
import { formFailure } from './form-errors';
import { useAccountsMessages } from './messages';
import { accountError, newPasswordErrors } from './password-checks';
import { readPendingReset, savePendingReset, type PendingReset } from './pending';
import { ResendButton } from './resend-button';
import { StrengthMeter } from './strength-meter';
import { useSubmit } from './use-submit';

/** `/reset-password`: the code from the message and a new password (twice); ends every session. */
export function ResetPasswordPage() {
  const { t } = useAccountsMessages();
  const [pending, setPending] = useState<PendingReset | null>(readPendingReset);
  const [account, setAccount] = useState(pending?.account ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState<string>();
  const [resending, setResending] = useState(false);
  const form = useSubmit(['account', 'code', 'password'], t('common.genericError'));

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <AuthTitle title={t('reset.title')} />
        <FormMessage tone="success">{t('reset.done')}</FormMessage>
        <Link to="/" className={buttonClass('primary', 'w-full')}>
          {t('reset.signIn')}
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const passwords = newPasswordErrors(t, password, repeat);
    void form.submit(
      {
        account: accountError(t, account),
        code: code.length === 6 ? undefined : t('check.codeInvalid'),
        password: passwords.password,
        repeat: passwords.repeat,
      },
      async () => {
        const result = await apiFetch<MessageResponse>('/auth/password-reset', {
          method: 'POST',
          body: { account: account.trim(), code, password },
        });
        savePendingReset(null);
        setDone(result.message);
      },
    );
  };

  const resend = async () => {
    const error = accountError(t, account);
    if (error) return void form.submit({ account: error }, async () => undefined);
    setResending(true);
    form.setMessage(undefined);
    try {
      const sent = await apiFetch<PasswordResetRequested>('/auth/password-reset/request', {
        method: 'POST',
        body: { account: account.trim() },
      });
      const next = { account: account.trim(), resendAvailableAt: sent.resendAvailableAt, message: sent.message };
      savePendingReset(next);
      setPending(next);
    } catch (failure) {
      form.setMessage(formFailure(failure, [], t('common.genericError')).message);
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <AuthTitle title={t('reset.title')} lead={pending ? t('reset.lead') : t('reset.noPending')} />
      {pending?.message && <FormMessage tone="success">{pending.message}</FormMessage>}
      <Field
        id="account"
        label={t('field.account')}
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        error={form.errors.account}
      />
      <Field
        id="code"
        label={t('field.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        value={code}
        onChange={(event) => setCode(normalizeCode(event.target.value))}
        error={form.errors.code}
      />
      <div className="flex flex-col gap-2">
        <Field
          id="password"
          label={t('field.newPassword')}
          type="password"
          autoComplete="new-password"
          aria-describedby="password-strength"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={form.errors.password}
        />
        <StrengthMeter id="password-strength" password={password} />
      </div>
      <Field
        id="repeat"
        label={t('field.repeatPassword')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={form.errors.repeat}
      />
      <FormMessage>{form.message}</FormMessage>
      <Button type="submit" isBusy={form.isBusy} className="w-full">
        {t('reset.submit')}
      </Button>
      <ResendButton until={pending?.resendAvailableAt} label={t('reset.resend')} isBusy={resending} onResend={() => void resend()} />
      <Link to="/" className={`text-center text-sm ${linkClass}`}>
        {t('common.backToSignIn')}
      </Link>
    </form>
  );
}
