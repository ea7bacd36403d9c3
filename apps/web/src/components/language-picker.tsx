import { LOCALES, useLocale, useTranslation, type Locale } from '@/lib/i18n';
import { chooseLanguage } from '@/lib/language';
import { cn } from './ui/cn';

/** Each language named in itself, so a person finds theirs whatever the page is in. */
const NAMES: Record<Locale, string> = { en: 'English', es: 'Español', zh: '中文' };

/**
 * The app's language as a native select (small, keyboard- and screen-reader-friendly on every
 * phone). The choice is remembered on this browser; `onChosen` lets a page also store it on the
 * account.
 */
export function LanguagePicker({ className, onChosen }: { className?: string; onChosen?: (locale: Locale) => unknown }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <select
      aria-label={t('language.label')}
      value={locale}
      onChange={(event) => {
        const chosen = event.target.value as Locale;
        void chooseLanguage(chosen).then(() => onChosen?.(chosen));
      }}
      className={cn(
        'min-h-11 rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
        className,
      )}
    >
      {LOCALES.map((option) => (
        <option key={option} value={option} lang={option}>
          {NAMES[option]}
        </option>
      ))}
    </select>
  );
}
