import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Page } from '../../components/page';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { closureStatusQueryOptions, useCloseAccount } from './api';
import { closeAccountSchema } from './form-schemas';
import { useAccountsMessages } from './messages';

/**
 * `/close-account` (from /profile): what still keeps the account open, or the closing itself —
 * the password again and the word CLOSE (docs/decisions/0035). Afterwards the member is signed out.
 */
export function CloseAccountPage() {
  const { t } = useAccountsMessages();
  const { data: status } = useSuspenseQuery(closureStatusQueryOptions());
  const navigate = useNavigate();
  const close = useCloseAccount({
    onSuccess: async () => {
      toast(t('closeAccount.done'));
      await navigate({ to: '/' });
    },
  });
  const form = useZodForm(closeAccountSchema, { defaultValues: { password: '', confirm: '' } });

  return (
    <Page title={t('closeAccount.title')} backTo="/profile">
      <div className="flex flex-col gap-4">
        <Card>
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('closeAccount.lead')}</p>
        </Card>
        {status.closable ? (
          <Card>
            <Form form={form} onSubmit={async ({ password }) => close.mutateAsync(password)}>
              <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
                {t('closeAccount.ready')}
              </p>
              <TextField name="password" label={t('closeAccount.password')} type="password" autoComplete="current-password" />
              <TextField
                name="confirm"
                label={t('closeAccount.confirm')}
                hint={t('closeAccount.confirmHint')}
                autoComplete="off"
                autoCapitalize="characters"
              />
              <SubmitButton variant="danger">{t('closeAccount.submit')}</SubmitButton>
            </Form>
          </Card>
        ) : (
          <Card className="flex flex-col gap-3">
            <h2 className="font-medium text-gray-900 dark:text-gray-100">{t('closeAccount.blocked')}</h2>
            <ul className="list-disc space-y-1 ps-5 text-sm text-gray-700 dark:text-gray-300">
              {status.blockers.map((blocker) => (
                <li key={blocker}>{t(`closeAccount.blockers.${blocker}`)}</li>
              ))}
            </ul>
            {status.blockers.includes('balance') && (
              <Link to="/withdraw" className={buttonClass('secondary', 'w-full')}>
                {t('closeAccount.withdraw')}
              </Link>
            )}
          </Card>
        )}
      </div>
    </Page>
  );
}
