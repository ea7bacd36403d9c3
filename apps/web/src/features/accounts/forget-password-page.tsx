import '../../app.css';
import { Link, useRouter } from '@tanstack/react-router';
import { linkClass } from '../../components/ui/field';
import { Form, SubmitButton, useZodForm } from '../../components/ui/form';
import { requestPasswordReset } from './api';
import { AuthTitle } from './auth-title';
import { forgetPasswordSchema } from './form-schemas';
import { AccountField } from './account-field';
import { useAccountsMessages } from './messages';
import { savePendingReset } from './pending';
import { useHomeIfSignedIn } from './signed-out-only';

/** `/forget-password`: sends a reset code; the same answer whether or not the account exists. */
export function ForgetPasswordPage() {
  const { t } = useAccountsMessages();
  const router = useRouter();
  const form = useZodForm(forgetPasswordSchema, { defaultValues: { account: '' } });
  // A signed-in member knows their password (they change it on /user/password).
  const away = useHomeIfSignedIn();
  if (away !== undefined) return away;

  return (
    <Form
      form={form}
      onSubmit={async ({ account }) => {
        const sent = await requestPasswordReset(account);
        savePendingReset({ account, resendAvailableAt: sent.resendAvailableAt, message: sent.message });
        await router.navigate({ to: '/reset-password' });
      }}
    >
      <AuthTitle title={t('forgot.title')} lead={t('forgot.lead')} />
      <AccountField hint={t('field.accountHint')} />
      <SubmitButton>{t('forgot.submit')}</SubmitButton>
      <Link to="/" className={`text-center text-sm ${linkClass}`}>
        {t('common.backToSignIn')}
      </Link>
    </Form>
  );
}
