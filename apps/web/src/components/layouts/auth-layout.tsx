import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';
import { LanguagePicker } from '../language-picker';
import { Logo } from '../logo';
import { ThemeSwitcher } from '../theme-switcher';
import { AnimatedOutlet, useEntranceClass } from './animated-outlet';

/** docs/product.md R3 `auth` layout: a centred card with the app name and logo, no navigation. */
export function AuthLayout() {
  const { t } = useTranslation();
  const entrance = useEntranceClass('layout');
  // The footer waits for the page: shown under an empty card, it would jump down when the form
  // arrives (a layout shift Lighthouse counted on /register: CLS 0.155).
  const loading = useRouterState({ select: (state) => state.isLoading || state.matches.some((match) => match.status !== 'success') });
  return (
    <div className={`flex min-h-dvh flex-col items-center bg-gray-50 px-4 py-8 sm:justify-center dark:bg-gray-950 ${entrance}`}>
      <div className="w-full max-w-sm">
        {/* The brand is the page's banner landmark, so no content sits outside a landmark (axe region). */}
        <header className="mb-6 flex flex-col items-center gap-2 text-center">
          <Logo />
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('app.tagline')}</p>
        </header>
        <main id="main" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">
          <AnimatedOutlet />
        </main>
        <footer hidden={loading} className="mt-6 flex flex-col items-center gap-4 text-sm text-gray-600 dark:text-gray-400">
          <nav aria-label={t('nav.help')} className="flex gap-4">
            <Link to="/help" className="underline-offset-4 hover:underline">
              {t('nav.help')}
            </Link>
            <Link to="/about" className="underline-offset-4 hover:underline">
              {t('nav.about')}
            </Link>
          </nav>
          <div className="flex flex-wrap items-center justify-center gap-3">
            <LanguagePicker className="w-40" />
            <ThemeSwitcher />
          </div>
        </footer>
      </div>
    </div>
  );
}
