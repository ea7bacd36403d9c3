import { CircleAlert } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Button } from './button';
import { failureMessage } from './form-errors';

/** A list or card that could not load: what happened, and a retry. */
function LoadError({ message, onRetry, isRetrying }: { message: string; onRetry: () => void; isRetrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 px-6 py-8 text-center dark:border-red-900"
    >
      <span
        className="grid size-12 place-items-center rounded-full bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-400"
        aria-hidden="true"
      >
        <CircleAlert className="size-6" />
      </span>
      <p className="text-sm text-gray-800 dark:text-gray-200">{message}</p>
      <Button variant="secondary" isBusy={isRetrying} onClick={onRetry}>
        {t('error.tryAgain')}
      </Button>
    </div>
  );
}

/** The query's failure as a LoadError: the server's words in the app's language (else `fallback`), and a retry. */
export function QueryLoadError({
  query,
  fallback,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  fallback: string;
}) {
  const { locale } = useTranslation();
  return (
    <LoadError message={failureMessage(query.error, fallback, locale)} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
  );
}
