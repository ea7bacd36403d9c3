import { Download } from 'lucide-react';
import { formatShortDateTime } from '../../lib/format';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormAlert } from '../../components/ui/field';
import { failureMessage } from '../../components/ui/form-errors';
import { useRequestDataExport } from './api';
import { useAccountsMessages } from './messages';

/** "Download my data" on /profile: ask for a link, then follow it once. */
export function DataExportCard() {
  const { t, locale } = useAccountsMessages();
  const prepare = useRequestDataExport();
  const link = prepare.data;
  return (
    <Card className="flex flex-col gap-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('dataExport.body')}</p>
      {prepare.error && <FormAlert>{failureMessage(prepare.error, t('dataExport.failed'), locale)}</FormAlert>}
      {link ? (
        <>
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            {t('dataExport.ready', { time: formatShortDateTime(link.expiresAt) })}
          </p>
          <a href={link.url} download className={buttonClass('primary', 'w-full')}>
            <Download className="size-4" aria-hidden="true" />
            {t('dataExport.download')}
          </a>
        </>
      ) : (
        <Button variant="secondary" isBusy={prepare.isPending} onClick={() => prepare.mutate()} className="w-full">
          <Download className="size-4" aria-hidden="true" />
          {t('dataExport.prepare')}
        </Button>
      )}
    </Card>
  );
}
