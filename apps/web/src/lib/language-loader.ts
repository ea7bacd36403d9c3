import type { ConsoleLanguageBundle, LanguageBundle } from '../locales/bundle';
import { namespaceIn, registerLanguage, setActiveLocaleValue, type Locale } from './i18n';
import { intlLocale, LANGUAGE_STORAGE_KEY, loadedLanguages } from './language-state';

/**
 * Fetching and switching languages (lib/language.ts loads this module only when a language
 * changes; the console's layout imports it for the console's texts).
 */

type OtherLocale = Exclude<Locale, 'en'>;

const members: Record<OtherLocale, () => Promise<{ default: LanguageBundle }>> = {
  es: () => import('../locales/es/index'),
  zh: () => import('../locales/zh/index'),
};
const consoles: Record<OtherLocale, () => Promise<{ default: ConsoleLanguageBundle }>> = {
  es: () => import('../locales/es/console-bundle'),
  zh: () => import('../locales/zh/console-bundle'),
};

async function load(locale: Locale): Promise<void> {
  if (locale === 'en' || loadedLanguages.has(locale)) return;
  const { dayjs, translateText, ...namespaces } = (await members[locale]()).default;
  registerLanguage(locale, namespaces);
  loadedLanguages.set(locale, { dayjs, translateText });
}

/** Once the console has been open, a new language brings its console texts too. */
let consoleInUse = false;
const consoleLoads = new Map<OtherLocale, Promise<void>>();
const consoleFailed = new Set<Locale>();

/** The console's texts in `locale` (one promise per language, so React's `use` can wait on it). */
export function loadConsoleLanguage(locale: Locale): Promise<void> | null {
  consoleInUse = true;
  if (locale === 'en') return null;
  consoleFailed.delete(locale);
  const known = consoleLoads.get(locale);
  if (known) return known;
  const loading = consoles[locale]().then(
    ({ default: bundle }) => registerLanguage(locale, { ...bundle }),
    () => {
      // Offline: the console shows English for now; the next change of language tries again.
      consoleLoads.delete(locale);
      consoleFailed.add(locale);
    },
  );
  consoleLoads.set(locale, loading);
  return loading;
}

export function consoleLanguageLoaded(locale: Locale): boolean {
  return locale === 'en' || consoleFailed.has(locale) || namespaceIn(locale, 'adminDashboard') !== undefined;
}

export async function applyLanguage(locale: Locale): Promise<void> {
  try {
    await load(locale);
    if (consoleInUse) await loadConsoleLanguage(locale);
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
