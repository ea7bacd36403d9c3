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

/** The language picked on this browser, if one was. */
function pickedLanguage(): Locale | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    // Storage blocked: the browser's languages decide.
    return null;
  }
}

/** The language to start in: this browser's last choice, else its own languages, else English. */
export function initialLanguage(): Locale {
  const picked = pickedLanguage();
  if (picked) return picked;
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

/** A signed-in member was loaded: their account's language, when it has one, becomes this browser's. */
export async function followAccountLanguage(member: { language: Locale | null } | null): Promise<void> {
  if (!member?.language || member.language === activeLocale()) return;
  await chooseLanguage(member.language);
}

/**
 * A member just signed in on this browser. A language picked here (on the sign-in page, say) is
 * the newest choice: the account takes it (`save`). Without one, the account's language applies.
 */
export function languageAtSignIn(member: { language: Locale | null }, save: (language: Locale) => Promise<unknown>): void {
  const picked = pickedLanguage();
  void (picked && picked !== member.language ? save(picked).catch(() => undefined) : followAccountLanguage(member));
}

/** A text the API or a shared contract wrote in English (a form check's message), in the app's language. */
export function translateApiText(text: string): string {
  return loadedLanguages.get(activeLocale())?.translateText(text) ?? text;
}
