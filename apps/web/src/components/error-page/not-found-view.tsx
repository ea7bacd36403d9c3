import { useTranslation } from '@/lib/i18n';
import { notFoundMessage } from './describe-error';
import { ErrorShell } from './error-shell';
import type { ErrorViewProps } from './error-view-props';

const PREFIX = notFoundMessage('');

/**
 * The title already says "Page Not Found", so the message (docs/product.md E1) shows as the path
 * the visitor asked for; its words stay in the text for screen readers and for copying.
 */
export default function NotFoundView({ message }: ErrorViewProps) {
  const { t } = useTranslation();
  const path = message.startsWith(PREFIX) ? message.slice(PREFIX.length) : null;
  return (
    <ErrorShell
      status={404}
      title={t('error.notFoundTitle')}
      message={
        path === null ? (
          <p>{message}</p>
        ) : (
          <p>
            <span className="sr-only">{PREFIX}</span>
            {/* Classes the first load's stylesheet already has: this view is part of it. */}
            <code className="font-semibold text-gray-900 dark:text-gray-50">{path}</code>
          </p>
        )
      }
      hint={t('error.notFoundHint')}
    />
  );
}
