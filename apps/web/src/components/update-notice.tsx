import { useUiMessages } from './ui/messages';
import { Button } from './ui/button';

/**
 * The "new version" offer (docs/product.md C2). Loaded only once a newer build was found
 * (routes/__root.tsx), so its code is never part of the first load.
 */
export function UpdateNotice() {
  const { t } = useUiMessages();
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-24 z-40 mx-auto flex max-w-md items-center justify-between gap-3 rounded-2xl bg-gray-900 px-4 py-3 text-sm text-white shadow-lg md:bottom-6 dark:bg-gray-100 dark:text-gray-900"
    >
      <span>{t('notice.newVersion')}</span>
      <Button variant="primary" className="min-h-9" onClick={() => window.location.reload()}>
        {t('notice.reload')}
      </Button>
    </div>
  );
}
