import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormAlert } from '../../components/ui/field';
import { FormNotice } from '../../components/ui/form';
import { useUnsubscribe } from './api';
import { useNotificationsMessages } from './messages';

/** /unsubscribe?token=…: the email's link; one press turns that kind of email off, no sign-in needed. */
export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useNotificationsMessages();
  const unsubscribe = useUnsubscribe();
  return (
    <Page title={t('unsubscribe.title')}>
      <Card className="flex flex-col gap-3 py-4">
        {unsubscribe.isSuccess ? (
          <FormNotice>{t('unsubscribe.done')}</FormNotice>
        ) : (
          <>
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('unsubscribe.body')}</p>
            {(unsubscribe.isError || !token) && <FormAlert>{t('unsubscribe.invalid')}</FormAlert>}
            <Button isBusy={unsubscribe.isPending} disabled={!token} onClick={() => unsubscribe.mutate(token)} className="w-full">
              {t('unsubscribe.confirm')}
            </Button>
          </>
        )}
      </Card>
    </Page>
  );
}
