import '../../app.css';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui/button';
import { linkClass } from '../../components/ui/field';
import { Form, FormNotice, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { applyServerError } from '../../components/ui/form-errors';
import { requestPasswordReset, resetPassword } from './api';
import { AuthTitle } from './auth-title';
import { resetPasswordSchema } from './form-schemas';
import { AccountField } from './account-field';
import { useAccountsMessages } from './messages';
import { NewPasswordFields } from './new-password-fields';
import { readPendingReset, savePendingReset, type PendingReset } from './pending';
import { ResendButton } from './resend-button';

/** `/reset-password`: the code from the message and a new password (twice); ends every session. */
export function ResetPasswordPage() {
  const { t } = useAccountsMessages();
  const [pending, setPending] = useState<PendingReset | null>(readPendingReset);
  const [done, setDone] = useState(false);
  const [resending, setResending] = useState(false);
  const form = useZodForm(resetPasswordSchema, {
    defaultValues: { account: pending?.account ?? '', code: '', password: '', repeat: '' },
  });

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <AuthTitle title={t('reset.title')} />
        <FormNotice>{t('reset.done')}</FormNotice>
        <Link to="/" className={buttonClass('primary', 'w-full')}>
          {t('reset.signIn')}
        </Link>
      </div>
    );
  }

  const resend = async () => {
    if (!(await form.trigger('account'))) return;
    const account = form.getValues('account').trim();
    setResending(true);
    form.clearErrors('root');
    try {
      const sent = await requestPasswordReset(account);
      const next = { account, resendAvailableAt: sent.resendAvailableAt, message: sent.message };
      savePendingReset(next);
      setPending(next);
    } catch (error) {
      applyServerError(form, error, t('common.genericError'));
    } finally {
      setResending(false);
    }
  };

  return (
    <Form
      form={form}
      onSubmit={async ({ account, code, password }) => {
        await resetPassword({ account, code, password });
        savePendingReset(null);
        setDone(true);
      }}
    >
      <AuthTitle title={t('reset.title')} lead={pending ? t('reset.lead') : t('reset.noPending')} />
      <FormNotice>{pending?.message}</FormNotice>
      <AccountField />
      <TextField name="code" label={t('field.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
      <NewPasswordFields name="password" label={t('field.newPassword')} />
      <SubmitButton>{t('reset.submit')}</SubmitButton>
      <ResendButton until={pending?.resendAvailableAt} label={t('reset.resend')} isBusy={resending} onResend={() => void resend()} />
      <Link to="/" className={`text-center text-sm ${linkClass}`}>
        {t('common.backToSignIn')}
      </Link>
    </Form>
  );
}
