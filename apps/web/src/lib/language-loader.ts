import type { LanguageBundle } from '../locales/bundle';
import { registerLanguage, setActiveLocaleValue, type Locale } from './i18n';
import { intlLocale, LANGUAGE_STORAGE_KEY, loadedLanguages } from './language-state';

/** Fetching and switching languages (lib/language.ts loads this module only when a language changes). */

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: LanguageBundle }>> = {
  es: () => import('../locales/es/index'),
  zh: () => import('../locales/zh/index'),
};

async function load(locale: Locale): Promise<void> {
  if (locale === 'en' || loadedLanguages.has(locale)) return;
  const bundle = (await loaders[locale]()).default;
  registerLanguage(locale, bundle as unknown as Record<string, unknown>);
  loadedLanguages.set(locale, { dayjs: bundle.dayjs, translateText: bundle.translateText });
}

export async function applyLanguage(locale: Locale): Promise<void> {
  try {
    await load(locale);
  } catch {
    return;
  }
  document.documentElement.lang = intlLocale(locale);
  setActiveLocaleValue(locale);
}

export async function chooseLanguage(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await applyLanguage(locale);
}
