import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Page } from '../../components/page';
import { Card } from '../../components/ui/card';
import { linkClass } from '../../components/ui/field';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { meQueryOptions } from '../../lib/session';
import { changePassword } from './api';
import { changePasswordSchema } from './form-schemas';
import { AccountField } from './account-field';
import { useAccountsMessages } from './messages';
import { NewPasswordFields } from './new-password-fields';

/**
 * `/user/password` (public): signed in it asks the current and the new password; signed out it
 * also asks for the account. Other sessions end.
 */
export function ChangePasswordPage() {
  const { t } = useAccountsMessages();
  const { data: me } = useQuery(meQueryOptions());
  const signedIn = Boolean(me);
  const form = useZodForm(changePasswordSchema(signedIn), {
    defaultValues: { account: '', currentPassword: '', newPassword: '', repeat: '' },
  });

  return (
    <Page title={t('password.title')} backTo={signedIn ? '/profile' : undefined}>
      <Card>
        <Form
          form={form}
          onSubmit={async ({ account, currentPassword, newPassword }) => {
            await changePassword({ ...(signedIn ? {} : { account }), currentPassword, newPassword });
            toast(t('password.done'));
            form.reset();
          }}
        >
          <p className="text-sm text-gray-600 dark:text-gray-400">{signedIn ? t('password.leadSignedIn') : t('password.leadSignedOut')}</p>
          {/* Password managers file the change under the right account. */}
          {signedIn ? (
            <input type="text" name="username" autoComplete="username" value={me?.email ?? me?.phone ?? ''} readOnly hidden />
          ) : (
            <AccountField />
          )}
          <TextField name="currentPassword" label={t('field.currentPassword')} type="password" autoComplete="current-password" />
          <NewPasswordFields name="newPassword" label={t('field.newPassword')} />
          <SubmitButton>{t('password.submit')}</SubmitButton>
          <Link to="/forget-password" className={`text-center text-sm ${linkClass}`}>
            {t('password.forgot')}
          </Link>
        </Form>
      </Card>
    </Page>
  );
}
