import { activeLocale, DEFAULT_LOCALE, isLocale, matchLocale, type Locale } from './i18n';
import { LANGUAGE_STORAGE_KEY, loadedLanguages } from './language-state';

export { dayjsLocale, intlLocale } from './language-state';

/**
 * Which language the app speaks (docs/decisions/0021). English is in the code; any other language
 * is one chunk (`src/locales/<language>/index.ts`) fetched only when it becomes the active one, by
 * `language-loader.ts` — itself loaded only then, so an English first load carries none of it. The
 * choice comes from, in order: the signed-in member's account, this browser's last pick
 * (localStorage), the browser's languages.
 */

/** The language to start in: this browser's last choice, else its own languages, else English. */
export function initialLanguage(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage blocked: the browser's languages decide.
  }
  if (isLocale(stored)) return stored;
  return (typeof navigator === 'undefined' ? null : matchLocale(navigator.languages ?? [navigator.language])) ?? DEFAULT_LOCALE;
}

const loader = () => import('./language-loader');

/** Makes `locale` the app's language once its text is here (a failed load keeps the current one). */
export async function applyLanguage(locale: Locale): Promise<void> {
  await (await loader()).applyLanguage(locale);
}

/** A person picked a language: remembered on this browser and applied now. */
export async function chooseLanguage(locale: Locale): Promise<void> {
  await (await loader()).chooseLanguage(locale);
}

/** A member signed in or was loaded: their account's language, when they chose one, becomes this browser's. */
export async function followAccountLanguage(member: { language: Locale | null } | null): Promise<void> {
  if (!member?.language || member.language === activeLocale()) return;
  await chooseLanguage(member.language);
}

/** A text the API or a shared contract wrote in English (a form check's message), in the app's language. */
export function translateApiText(text: string): string {
  return loadedLanguages.get(activeLocale())?.translateText(text) ?? text;
}
