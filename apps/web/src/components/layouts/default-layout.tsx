import '../../app.css';
import { Link, useLocation } from '@tanstack/react-router';
import { cn } from '../ui/cn';
import { useQuery } from '@tanstack/react-query';
import { House, LayoutGrid, User, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { meQueryOptions } from '../../lib/session';
import { Logo } from '../logo';
import { ThemeSwitcher } from '../theme-switcher';
import { buttonClass } from '../ui/button';
import { AnimatedOutlet, useEntranceClass } from './animated-outlet';

interface Tab {
  to: '/home' | '/plan' | '/team/list' | '/profile';
  labelKey: 'nav.home' | 'nav.plans' | 'nav.team' | 'nav.profile';
  icon: LucideIcon;
  /** The tab is lit on this path and everything below it. */
  section: string;
}

const TABS: Tab[] = [
  { to: '/home', labelKey: 'nav.home', icon: House, section: '/home' },
  { to: '/plan', labelKey: 'nav.plans', icon: LayoutGrid, section: '/plan' },
  { to: '/team/list', labelKey: 'nav.team', icon: Users, section: '/team' },
  { to: '/profile', labelKey: 'nav.profile', icon: User, section: '/profile' },
];

/**
 * docs/product.md R3 `default` layout: content with a bottom tab bar on phones and side navigation
 * on wide screens. Signed-out visitors (public pages) get a sign-in link instead.
 */
export function DefaultLayout() {
  const { t } = useTranslation();
  const entrance = useEntranceClass('layout');
  const { data: me } = useQuery(meQueryOptions());
  const isSignedIn = Boolean(me);

  return (
    <div className={`min-h-dvh md:flex ${entrance}`}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2"
      >
        {t('app.skipToContent')}
      </a>
      <SideNav isSignedIn={isSignedIn} />

      <div className="flex min-w-0 flex-1 flex-col">
        {!isSignedIn && (
          // The phone's brand bar is the page's banner landmark (axe region: nothing outside one).
          <header className="flex items-center justify-between border-b border-gray-200 bg-white px-4 py-2 md:hidden dark:border-gray-800 dark:bg-gray-900">
            <Link to="/">
              <Logo />
            </Link>
            <Link to="/" className={buttonClass('secondary', 'min-h-10')}>
              {t('nav.signIn')}
            </Link>
          </header>
        )}
        <main id="main" className={`mx-auto w-full max-w-2xl flex-1 md:px-8 ${isSignedIn ? 'pb-24 md:pb-8' : 'pb-8'}`}>
          <AnimatedOutlet />
        </main>
      </div>

      {isSignedIn && <TabBar />}
    </div>
  );
}

/** Is the tab of this section lit: the section's own path and everything below it. */
function useIsActive() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (section: string) => pathname === section || pathname.startsWith(`${section}/`);
}

/** The four tabs, the one of the current section lit (aria-current), drawn by the caller's classes. */
function TabLinks({ linkClass, iconClass }: { linkClass: (active: boolean) => string; iconClass: string }) {
  const { t } = useTranslation();
  const isActive = useIsActive();
  return TABS.map(({ to, labelKey, icon: Icon, section }) => (
    <Link key={to} to={to} aria-current={isActive(section) ? 'page' : undefined} className={linkClass(isActive(section))}>
      <Icon className={iconClass} aria-hidden="true" />
      {t(labelKey)}
    </Link>
  ));
}

/** Wide screens: the logo, the tabs (or a sign-in link), the theme and the help links. */
function SideNav({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <aside className="hidden md:sticky md:top-0 md:flex md:h-dvh md:w-60 md:shrink-0 md:flex-col md:gap-6 md:border-r md:border-gray-200 md:bg-white md:px-4 md:py-6 dark:md:border-gray-800 dark:md:bg-gray-900">
      <Link to={isSignedIn ? '/home' : '/'} className="px-2">
        <Logo />
      </Link>
      {isSignedIn ? (
        <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
          <TabLinks
            linkClass={(active) =>
              cn(
                'flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium',
                active
                  ? 'bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-400'
                  : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
              )
            }
            iconClass="size-5"
          />
        </nav>
      ) : (
        <Link to="/" className={buttonClass('primary')}>
          {t('nav.signIn')}
        </Link>
      )}
      <div className="mt-auto flex flex-col gap-3">
        <ThemeSwitcher className="w-full" compact />
        <nav aria-label={t('nav.help')} className="flex flex-col gap-1 text-sm text-gray-600 dark:text-gray-400">
          <Link to="/help" className="rounded-lg px-3 py-2 hover:bg-gray-100 dark:hover:bg-gray-800">
            {t('nav.help')}
          </Link>
          <Link to="/about" className="rounded-lg px-3 py-2 hover:bg-gray-100 dark:hover:bg-gray-800">
            {t('nav.about')}
          </Link>
        </nav>
      </div>
    </aside>
  );
}

/** Phones: the tab bar at the bottom of the screen, for signed-in members. */
function TabBar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-4 border-t border-gray-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-gray-800 dark:bg-gray-900/95"
    >
      <TabLinks
        linkClass={(active) =>
          cn(
            'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium',
            active ? 'text-primary-700 dark:text-primary-400' : 'text-gray-600 dark:text-gray-400',
          )
        }
        iconClass="size-6"
      />
    </nav>
  );
}
