import '../../app.css';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';
import { Logo } from '../logo';
import { ThemeSwitcher } from '../theme-switcher';
import { AnimatedOutlet, useEntranceClass } from './animated-outlet';

/**
 * The operator console frame: left navigation, wide content (laptop first). The links of each
 * console feature come in as `nav` (composed by routes/admin.tsx): a layout never imports a
 * feature.
 */
export function ConsoleLayout({ nav }: { nav: ReactNode }) {
  const { t } = useTranslation();
  const entrance = useEntranceClass('layout');
  return (
    <div className={`flex min-h-dvh ${entrance}`}>
      <aside className="flex w-60 shrink-0 flex-col gap-6 border-r border-gray-200 bg-white px-4 py-6 dark:border-gray-800 dark:bg-gray-900">
        <Link to="/admin" className="px-2">
          <Logo />
        </Link>
        <nav aria-label={t('nav.console')} className="flex flex-col gap-1 text-sm">
          <Link to="/admin" className="rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800">
            {t('nav.console')}
          </Link>
          {nav}
        </nav>
        <ThemeSwitcher className="mt-auto w-full" compact />
      </aside>
      <main id="main" className="min-w-0 flex-1 px-8 pb-8">
        <AnimatedOutlet />
      </main>
    </div>
  );
}
