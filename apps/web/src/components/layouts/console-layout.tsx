import '../../app.css';
import '../ui/sheet.css';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from '@/lib/i18n';
import { Logo } from '../logo';
import { ThemeSwitcher } from '../theme-switcher';
import { buttonClass } from '../ui/button';
import { useConsoleMessages } from '../ui/console';
import { AnimatedOutlet, useEntranceClass } from './animated-outlet';

/** The look every console navigation link shares; the current page's link is marked (aria-current and colour). */
const consoleNavLinkClass = 'rounded-lg px-3 py-2 font-medium hover:bg-gray-100 dark:hover:bg-gray-800';
const consoleNavActiveProps = {
  className: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300',
  'aria-current': 'page' as const,
};

/**
 * The operator console frame: left navigation, wide content (laptop first). Below 768 px a bar
 * with the logo and a Menu button takes its place: the navigation (some twenty pages) opens as a
 * sheet, in two columns, so every page is one look away instead of hidden at the end of a strip.
 * The links of each console feature come in as `nav`, who is signed in (with sign-out) as
 * `account`, both composed by routes/admin.tsx: a layout never imports a feature.
 */
export function ConsoleLayout({ nav, account }: { nav: ReactNode; account?: ReactNode }) {
  const { t } = useTranslation();
  const { t: tc } = useConsoleMessages();
  const entrance = useEntranceClass('layout');
  // The sheet is open on the address it was opened at: following a link from it closes it.
  const href = useLocation({ select: (location) => location.href });
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === href;
  const links = (
    <>
      <Link to="/admin" activeOptions={{ exact: true }} className={consoleNavLinkClass} activeProps={consoleNavActiveProps}>
        {t('nav.console')}
      </Link>
      {nav}
    </>
  );
  return (
    <div className={`flex min-h-dvh flex-col md:flex-row ${entrance}`}>
      <header className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-gray-200 bg-white px-4 py-2 md:hidden dark:border-gray-800 dark:bg-gray-900">
        <Link to="/admin" className="px-1">
          <Logo />
        </Link>
        <Dialog.Root open={menuOpen} onOpenChange={(open) => setOpenAt(open ? href : null)}>
          <Dialog.Trigger className={buttonClass('secondary', 'min-h-10')}>
            <Menu className="size-4" aria-hidden="true" />
            {tc('frame.menu')}
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="orchard-sheet-overlay" />
            <Dialog.Content className="orchard-sheet" aria-describedby={undefined}>
              <div className="flex items-center justify-between gap-3">
                <Dialog.Title className="text-lg font-semibold">{t('nav.console')}</Dialog.Title>
                <Dialog.Close className={buttonClass('ghost', 'min-h-10 px-3')} aria-label={tc('frame.close')}>
                  <X className="size-5" aria-hidden="true" />
                </Dialog.Close>
              </div>
              <nav aria-label={t('nav.console')} className="grid grid-cols-2 gap-1 text-sm [&>a]:min-h-11">
                {links}
              </nav>
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4 dark:border-gray-800">
                {account}
                <ThemeSwitcher compact />
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </header>
      <aside className="hidden shrink-0 flex-col gap-6 border-r border-gray-200 bg-white px-4 py-6 md:sticky md:top-0 md:flex md:h-dvh md:w-60 md:overflow-y-auto dark:border-gray-800 dark:bg-gray-900">
        <Link to="/admin" className="px-2">
          <Logo />
        </Link>
        <nav aria-label={t('nav.console')} className="flex flex-col gap-1 text-sm">
          {links}
        </nav>
        <div className="mt-auto flex flex-col items-stretch gap-3">
          {account}
          <ThemeSwitcher className="w-full" compact />
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 pb-8 md:px-8">
        <AnimatedOutlet />
      </main>
    </div>
  );
}
