import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';
import { usePlaceholderMessages } from './placeholder-messages';
import { appConfig } from '../lib/config';
import type { PlaceholderKey } from './placeholder-page';

/** An auth-layout page whose form arrives with accounts: its title and what to expect. */
export function AuthPlaceholder({ page }: { page: PlaceholderKey }) {
  const { t } = useTranslation();
  const { t: tp } = usePlaceholderMessages();
  const title = tp(`${page}.title`);
  useEffect(() => {
    document.title = `${title} · ${appConfig.appName}`;
  }, [title]);
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-xl font-semibold text-gray-900 dark:text-gray-50">{title}</h1>
      <p className="text-sm text-gray-600 dark:text-gray-400">{tp(`${page}.body`)}</p>
      <Link to="/help" className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400">
        {t('nav.help')}
      </Link>
    </div>
  );
}
