import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useUiMessages } from './ui/messages';
import { installMoneyRetries, isRetrying, subscribeRetrying } from '@/lib/money-retries';

// Whoever shows this notice sends money requests: they are retried from then on.
installMoneyRetries();

/**
 * "Still trying": shown while a money request whose answer was lost is sent again with the same
 * Idempotency-Key (lib/money-retries.ts). Rendered by the signed-in `Page` and the console layout.
 * A child of <body> of its own: the request is often sent from a confirm sheet, whose modal hides
 * the rest of the app from assistive technology, and this status must still be heard.
 */
export function RetryNotice() {
  const { t } = useUiMessages();
  const retrying = useSyncExternalStore(subscribeRetrying, isRetrying, isRetrying);
  if (!retrying) return null;
  return createPortal(
    <div
      role="status"
      className="fixed inset-x-3 top-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-amber-100 px-4 py-3 text-sm text-amber-950 shadow-lg dark:bg-amber-900 dark:text-amber-50"
    >
      <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent" />
      <span>{t('notice.stillTrying')}</span>
    </div>,
    document.body,
  );
}
