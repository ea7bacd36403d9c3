import '../../app.css';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { safeRedirectPath } from '@orchard/shared/redirect';
import { linkClass } from '../../components/ui/field';
import { Form, FormNotice, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { applyServerError } from '../../components/ui/form-errors';
import { setSignedIn } from '../../lib/session';
import { requestSignInLink, resendCode, signInWithCode, verifyCode } from './api';
import { AuthTitle } from './auth-title';
import { verifyCodeSchema } from './form-schemas';
import { useAccountsMessages } from './messages';
import { readPendingCode, resendAt, savePendingCode, type PendingCode } from './pending';
import { ResendButton } from './resend-button';

/** inputClass, larger: the code is the one thing on this page. */
const CODE_INPUT =
  'min-h-14 w-full rounded-xl border border-gray-300 bg-white px-3 text-center text-2xl tracking-wide text-gray-900 tabular-nums dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50';

/** Sends the code (or the sign-in link) again; the pending code as it stands after. */
async function sendAgain(pending: PendingCode): Promise<PendingCode> {
  if (pending.kind === 'register') {
    const sent = await resendCode(pending.verificationId);
    return { ...pending, verificationId: sent.verificationId, destination: sent.destination, resendAvailableAt: sent.resendAvailableAt };
  }
  await requestSignInLink(pending.account, safeRedirectPath(pending.redirect));
  return { ...pending, resendAvailableAt: resendAt() };
}

/** No code is waiting on this browser: the ways back in. */
function NothingPending() {
  const { t } = useAccountsMessages();
  return (
    <div className="flex flex-col gap-4">
      <AuthTitle title={t('verify.title')} lead={t('verify.nothingPending')} />
      <Link to="/" className={`text-sm ${linkClass}`}>
        {t('verify.signInToResume')}
      </Link>
      <Link to="/register" className={`text-sm ${linkClass}`}>
        {t('verify.startRegister')}
      </Link>
    </div>
  );
}

/**
 * `/verify-code`: the 6-digit code of a registration (completes the account) or of a sign-in
 * link message (signs in), with resend after the cool-down.
 */
export function VerifyCodePage() {
  const { t } = useAccountsMessages();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, setPending] = useState<PendingCode | null>(readPendingCode);
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<string>();
  const form = useZodForm(verifyCodeSchema, { defaultValues: { code: '' } });

  if (!pending) return <NothingPending />;

  const resend = async () => {
    setResending(true);
    setNotice(undefined);
    form.clearErrors();
    try {
      const next = await sendAgain(pending);
      savePendingCode(next);
      setPending(next);
      form.reset({ code: '' });
      setNotice(t('verify.resent'));
    } catch (error) {
      applyServerError(form, error, t('common.genericError'));
    } finally {
      setResending(false);
    }
  };

  const destination = pending.kind === 'register' ? pending.destination : pending.account;
  return (
    <Form
      form={form}
      onSubmit={async ({ code }) => {
        setNotice(undefined);
        const { user } =
          pending.kind === 'register' ? await verifyCode(pending.verificationId, code) : await signInWithCode(pending.account, code);
        savePendingCode(null);
        setSignedIn(queryClient, user);
        await router.navigate({ href: pending.kind === 'signIn' ? safeRedirectPath(pending.redirect) : '/home' });
      }}
    >
      <AuthTitle
        title={t('verify.title')}
        lead={t(pending.kind === 'signIn' ? 'verify.leadSignIn' : pending.resumed ? 'verify.leadResumed' : 'verify.leadRegister', {
          destination,
        })}
      />
      <TextField
        name="code"
        label={t('field.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        className={CODE_INPUT}
      />
      <FormNotice>{notice}</FormNotice>
      <SubmitButton>{t('verify.submit')}</SubmitButton>
      <ResendButton
        until={pending.resendAvailableAt}
        label={t(pending.kind === 'register' ? 'verify.resend' : 'verify.resendLink')}
        isBusy={resending}
        onResend={() => void resend()}
      />
      <Link to="/" className={`text-center text-sm ${linkClass}`}>
        {t('common.backToSignIn')}
      </Link>
    </Form>
  );
}
