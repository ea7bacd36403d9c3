import { useTranslation } from '@/lib/i18n';
import { ErrorShell } from './error-shell';
import type { ErrorViewProps } from './error-view-props';

export default function NotFoundView({ message }: ErrorViewProps) {
  const { t } = useTranslation();
  return <ErrorShell status={404} title={t('error.notFoundTitle')} message={message} hint={t('error.notFoundHint')} />;
}
