import { activeLocale, type Locale } from './i18n';

/** What lib/language.ts and lib/language-loader.ts share: the stored choice's key and the loaded languages. */

export const LANGUAGE_STORAGE_KEY = 'orchard.language';

/** What a loaded language adds besides its catalogues (set by language-loader.ts). */
export const loadedLanguages = new Map<Locale, { dayjs: string; translateText: (english: string) => string }>();

/** The day.js locale name of a language (its locale is loaded with the language's bundle). */
export function dayjsLocale(locale: Locale): string {
  return loadedLanguages.get(locale)?.dayjs ?? 'en';
}

/** The Intl locale for a language: the browser's own variant of it when it has one ("es-MX"), else a default. */
export function intlLocale(locale: Locale = activeLocale()): string {
  const browser =
    typeof navigator === 'undefined' ? undefined : navigator.languages?.find((tag) => tag.toLowerCase().split('-')[0] === locale);
  return browser ?? (locale === 'en' ? 'en-US' : locale === 'zh' ? 'zh-CN' : locale);
}
