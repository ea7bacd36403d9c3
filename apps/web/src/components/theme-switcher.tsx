import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { setThemePreference, THEME_PREFERENCES, useThemeState, type ThemePreference } from '../lib/theme';
import { cn } from './ui/cn';

const ICONS: Record<ThemePreference, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** Light / dark / system as a segmented control of radio buttons. */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { preference } = useThemeState();
  return (
    <div
      role="radiogroup"
      aria-label={t('theme.label')}
      className={cn('inline-grid grid-cols-3 rounded-xl bg-gray-100 p-1 dark:bg-gray-800', className)}
    >
      {THEME_PREFERENCES.map((option) => {
        const Icon = ICONS[option];
        const selected = option === preference;
        return (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => setThemePreference(option)}
            className={cn(
              'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors',
              selected
                ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-gray-50'
                : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {t(`theme.${option}`)}
          </button>
        );
      })}
    </div>
  );
}
