import { useEffect, type ReactNode } from 'react';
import { appConfig } from '../../lib/config';

/** The page title of an auth-layout page: the h1, a line under it, and the browser tab's name. */
export function AuthTitle({ title, lead }: { title: string; lead?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${appConfig.appName}`;
  }, [title]);
  return (
    <div className="flex flex-col gap-1.5">
      <h1 className="text-xl font-semibold text-gray-900 dark:text-gray-50">{title}</h1>
      {lead && <p className="text-sm text-gray-600 dark:text-gray-400">{lead}</p>}
    </div>
  );
}
