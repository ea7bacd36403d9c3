import '../../app.css';
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import type { CodeSent, SignedIn } from '@orchard/shared';
import { safeRedirectPath } from '@orchard/shared/redirect';
import { apiFetch } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { setSignedIn } from '../../lib/session';
import { normalizeCode } from './checks';
import { AuthTitle, Field, FormMessage, linkClass } from './field';
import { formFailure } from './form-errors';
import { useAccountsMessages } from './messages';
import { readPendingCode, resendAt, savePendingCode, type PendingCode } from './pending';
import { ResendButton } from './resend-button';
import { useSubmit } from './use-submit';

/**
 * `/verify-code`: the 6-digit code of a registration (completes the account) or of a sign-in
 * link message (signs in), with resend after the cool-down.
 */
export function VerifyCodePage() {
  const { t } = useAccountsMessages();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, setPending] = useState<PendingCode | null>(readPendingCode);
  const [code, setCode] = useState('');
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<string>();
  const form = useSubmit(['code'], t('common.genericError'));

  if (!pending) {
    return (
      <div className="flex flex-col gap-4">
        <AuthTitle title={t('verify.title')} lead={t('verify.nothingPending')} />
        <Link to="/register" className={`text-sm ${linkClass}`}>
          {t('verify.startRegister')}
        </Link>
        <Link to="/" className={`text-sm ${linkClass}`}>
          {t('common.backToSignIn')}
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    void form.submit({ code: code.length === 6 ? undefined : t('check.codeInvalid') }, async () => {
      const { user } =
        pending.kind === 'register'
          ? await apiFetch<SignedIn>('/auth/verify', { method: 'POST', body: { verificationId: pending.verificationId, code } })
          : await apiFetch<SignedIn>('/auth/sign-in-code', { method: 'POST', body: { account: pending.account, code } });
      savePendingCode(null);
      setSignedIn(queryClient, user);
      await router.navigate({ href: pending.kind === 'signIn' ? safeRedirectPath(pending.redirect) : '/home' });
    });
  };

  const resend = async () => {
    setResending(true);
    setNotice(undefined);
    form.setMessage(undefined);
    try {
      let next: PendingCode;
      if (pending.kind === 'register') {
        const sent = await apiFetch<CodeSent>('/auth/resend', { method: 'POST', body: { verificationId: pending.verificationId } });
        next = {
          ...pending,
          verificationId: sent.verificationId,
          destination: sent.destination,
          resendAvailableAt: sent.resendAvailableAt,
        };
      } else {
        const target = safeRedirectPath(pending.redirect);
        await apiFetch('/auth/sign-in-link/request', {
          method: 'POST',
          body: target === '/home' ? { account: pending.account } : { account: pending.account, redirect: target },
        });
        next = { ...pending, resendAvailableAt: resendAt() };
      }
      savePendingCode(next);
      setPending(next);
      setCode('');
      setNotice(t('verify.resent'));
    } catch (error) {
      form.setMessage(formFailure(error, [], t('common.genericError')).message);
    } finally {
      setResending(false);
    }
  };

  const destination = pending.kind === 'register' ? pending.destination : pending.account;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <AuthTitle
        title={t('verify.title')}
        lead={t(pending.kind === 'register' ? 'verify.leadRegister' : 'verify.leadSignIn', { destination })}
      />
      <Field
        id="code"
        label={t('field.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        className="min-h-14 w-full rounded-xl border border-gray-300 bg-white px-3 text-center text-2xl tracking-wide text-gray-900 tabular-nums dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50"
        value={code}
        onChange={(event) => setCode(normalizeCode(event.target.value))}
        error={form.errors.code}
      />
      <FormMessage tone="success">{notice}</FormMessage>
      <FormMessage>{form.message}</FormMessage>
      <Button type="submit" isBusy={form.isBusy} className="w-full">
        {t('verify.submit')}
      </Button>
      <ResendButton
        until={pending.resendAvailableAt}
        label={t(pending.kind === 'register' ? 'verify.resend' : 'verify.resendLink')}
        isBusy={resending}
        onResend={() => void resend()}
      />
      <Link to="/" className={`text-center text-sm ${linkClass}`}>
        {t('common.backToSignIn')}
      </Link>
    </form>
  );
}
