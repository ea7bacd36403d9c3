import '../../app.css';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';
import { Logo } from '../logo';
import { ThemeSwitcher } from '../theme-switcher';
import { AnimatedOutlet, useEntranceClass } from './animated-outlet';

/**
 * The operator console frame: left navigation, wide content (laptop first; below 768 px the
 * navigation is a scrollable row above the page). The links of each console feature come in as
 * `nav`, who is signed in (with sign-out) as `account`, both composed by routes/admin.tsx: a
 * layout never imports a feature.
 */
export function ConsoleLayout({ nav, account }: { nav: ReactNode; account?: ReactNode }) {
  const { t } = useTranslation();
  const entrance = useEntranceClass('layout');
  return (
    <div className={`flex min-h-dvh flex-col md:flex-row ${entrance}`}>
      <aside className="flex shrink-0 flex-col gap-3 border-b border-gray-200 bg-white px-4 py-4 md:w-60 md:gap-6 md:border-r md:border-b-0 md:py-6 dark:border-gray-800 dark:bg-gray-900">
        <Link to="/admin" className="px-2">
          <Logo />
        </Link>
        <nav
          aria-label={t('nav.console')}
          className="-mx-1 flex gap-1 overflow-x-auto px-1 text-sm whitespace-nowrap md:flex-col md:whitespace-normal"
        >
          <Link to="/admin" className="rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800">
            {t('nav.console')}
          </Link>
          {nav}
        </nav>
        <div className="flex flex-wrap items-center justify-between gap-3 md:mt-auto md:flex-col md:items-stretch">
          {account}
          <ThemeSwitcher className="self-start md:w-full" compact />
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 pb-8 md:px-8">
        <AnimatedOutlet />
      </main>
    </div>
  );
}
