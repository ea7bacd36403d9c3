import { useTranslation } from '@/lib/i18n';
import { Button } from '../ui/button';
import { ErrorShell } from './error-shell';
import type { ErrorViewProps } from './error-view-props';

export default function StatusView({ status, message, traceId, onRetry }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <ErrorShell
      status={status}
      title={status >= 500 ? t('error.serverTitle') : t('error.requestTitle')}
      message={message}
      hint={t('error.otherHint')}
      reference={traceId && t('error.reference', { id: traceId })}
    >
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('error.tryAgain')}
        </Button>
      )}
    </ErrorShell>
  );
}
