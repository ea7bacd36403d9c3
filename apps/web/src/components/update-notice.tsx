import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { fetchLatestBuildId, startUpdateCheck } from '../lib/update-check';
import { Button } from './ui/button';

/** Offers a reload when builds/latest.json names a newer build (ORIGIN.md O-C2). */
export function UpdateNotice() {
  const { t } = useTranslation();
  const [hasUpdate, setHasUpdate] = useState(false);
  useEffect(
    () => startUpdateCheck({ currentBuildId: __BUILD_ID__, fetchLatestId: fetchLatestBuildId, onNewVersion: () => setHasUpdate(true) }),
    [],
  );
  if (!hasUpdate) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-24 z-40 mx-auto flex max-w-md items-center justify-between gap-3 rounded-2xl bg-gray-900 px-4 py-3 text-sm text-white shadow-lg md:bottom-6 dark:bg-gray-100 dark:text-gray-900"
    >
      <span>{t('app.newVersion')}</span>
      <Button variant="primary" className="min-h-9" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}
