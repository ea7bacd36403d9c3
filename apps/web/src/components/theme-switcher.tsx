import { useTranslation } from '@/lib/i18n';
import { setThemePreference, THEME_PREFERENCES, useThemeState, type ThemePreference } from '../lib/theme';
import { cn } from './ui/cn';

// Three small inline icons: this control is on the sign-in page, where an icon library would
// cost more than the page itself (docs/decisions/0004).
const ICON_PATHS: Record<ThemePreference, string> = {
  light:
    'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66 1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14-1.41-1.41M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z',
  dark: 'M20.99 12.79A9 9 0 1 1 11.21 3a7 7 0 0 0 9.78 9.79Z',
  system: 'M4 4h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm4 16h8m-4-4v4',
};

/**
 * Light / dark / system as a segmented control of radio buttons. `compact` shows icons only (the
 * names stay for screen readers and as tooltips), for narrow sidebars.
 */
export function ThemeSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { preference } = useThemeState();
  return (
    <div
      role="radiogroup"
      aria-label={t('theme.label')}
      className={cn('inline-grid grid-cols-3 rounded-xl bg-gray-100 p-1 dark:bg-gray-800', className)}
    >
      {THEME_PREFERENCES.map((option) => {
        const selected = option === preference;
        return (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={selected}
            title={compact ? t(`theme.${option}`) : undefined}
            onClick={() => setThemePreference(option)}
            className={cn(
              'inline-flex min-h-9 min-w-0 items-center justify-center gap-1 rounded-lg px-2 text-sm font-medium transition-colors',
              selected
                ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-gray-50'
                : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100',
            )}
          >
            <svg
              viewBox="0 0 24 24"
              className="size-4 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d={ICON_PATHS[option]} />
            </svg>
            <span className={compact ? 'sr-only' : undefined}>{t(`theme.${option}`)}</span>
          </button>
        );
      })}
    </div>
  );
}
