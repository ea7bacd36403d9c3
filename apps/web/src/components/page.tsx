import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ChevronLeft, CircleHelp } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { appConfig } from '../lib/config';
import { useLiveUpdates } from '../lib/live-events';
import { meQueryOptions } from '../lib/session';
import { RetryNotice } from './retry-notice';
import { MaintenanceBanner } from './maintenance-banner';
import { NotificationBell } from './notification-bell';

/**
 * A page inside the default layout: its top bar (with a back link on secondary pages) and the
 * title, which also names the browser tab.
 */
export function Page({ title, backTo, actions, children }: { title: string; backTo?: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${appConfig.appName}`;
  }, [title]);
  // Signed-in pages show money and orders: they keep the live stream open (lib/live-events.ts).
  const { data: me } = useQuery(meQueryOptions());
  useLiveUpdates(Boolean(me));
  // On a phone a signed-in member has no side navigation: help and support sit in the top bar.
  const isHelpPage = useLocation({ select: (location) => location.pathname.startsWith('/help') });
  return (
    <div className="flex flex-col">
      <header className="sticky top-0 z-20 flex min-h-14 items-center gap-2 border-b border-gray-200 bg-white/90 px-2 pt-[env(safe-area-inset-top)] backdrop-blur md:static md:border-0 md:bg-transparent md:px-0 md:pt-6 md:backdrop-blur-none dark:border-gray-800 dark:bg-gray-950/90 md:dark:bg-transparent">
        {backTo ? (
          <Link
            to={backTo}
            className="grid size-11 place-items-center rounded-xl text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
            aria-label={t('app.back')}
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </Link>
        ) : (
          <span className="w-2 md:hidden" />
        )}
        <h1 className="flex-1 truncate text-lg font-semibold text-gray-900 md:text-2xl dark:text-gray-50">{title}</h1>
        {actions}
        {me?.role === 'member' ? <NotificationBell /> : null}
        {me && !isHelpPage ? (
          <Link
            to="/help-center"
            className="grid size-11 shrink-0 place-items-center rounded-xl text-gray-700 hover:bg-gray-100 md:hidden dark:text-gray-300 dark:hover:bg-gray-800"
            aria-label={t('nav.helpAndSupport')}
          >
            <CircleHelp className="size-6" aria-hidden="true" />
          </Link>
        ) : null}
      </header>
      <div className="flex flex-col gap-4 px-4 py-4 md:px-0">
        <MaintenanceBanner />
        {children}
      </div>
      <RetryNotice />
    </div>
  );
}
