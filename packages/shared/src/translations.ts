import { DEFAULT_LANGUAGE, type Language } from './languages';

/**
 * Operator content in every language (docs/decisions/0024). An item's own fields are its text in
 * the default language; `translations` holds the other languages, each field optional: a field
 * without a text in the asked language shows the default language's. Zod-free, so the console's
 * pages and the API share the rules of what is missing and what falls back.
 */

/** The languages content is translated into: every language but the default. */
export const TRANSLATED_LANGUAGES = ['es', 'zh'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
// Exactly the app's languages minus the default: a fourth language fails to compile until it is added here.
type Untranslated = Exclude<Exclude<Language, 'en'>, TranslatedLanguage>;
export const TRANSLATED_LANGUAGES_COMPLETE: [Untranslated] extends [never] ? true : never = true;

/** One value of a translatable field: a text, a list of texts (plan benefits) or nothing (an optional badge). */
export type TranslatableValue = string | readonly string[] | null | undefined;
export type Translations<T> = Partial<Record<TranslatedLanguage, Partial<T>>>;

/** Whether a field's value says something (an empty text or list is no text). */
export function hasText(value: TranslatableValue): boolean {
  if (value === null || value === undefined) return false;
  return typeof value === 'string' ? value.trim() !== '' : value.length > 0;
}

/**
 * An item's texts in `language`: each field in that language when it has a text there, else the
 * default language's; `untranslated` names the fields that fell back (only those the default
 * language fills: an empty description stays empty in every language).
 */
export function inLanguage<T extends Record<string, TranslatableValue>>(
  defaults: T,
  translations: Translations<NoInfer<T>> | null | undefined,
  language: Language,
): { texts: T; untranslated: Array<keyof T & string> } {
  if (language === DEFAULT_LANGUAGE) return { texts: defaults, untranslated: [] };
  const entry: Partial<T> = translations?.[language as TranslatedLanguage] ?? {};
  const texts = { ...defaults };
  const untranslated: Array<keyof T & string> = [];
  for (const key of Object.keys(defaults) as Array<keyof T & string>) {
    const value = entry[key];
    if (hasText(value)) texts[key] = value as T[typeof key];
    else if (hasText(defaults[key])) untranslated.push(key);
  }
  return { texts, untranslated };
}

/** The languages an item still lacks a text in, for at least one field the default language fills. */
export function missingLanguages<T extends Record<string, TranslatableValue>>(
  defaults: T,
  translations: Translations<NoInfer<T>> | null | undefined,
): TranslatedLanguage[] {
  return TRANSLATED_LANGUAGES.filter((language) => inLanguage(defaults, translations, language).untranslated.length > 0);
}

/**
 * Translations as they are kept: empty texts and lists dropped, a language with nothing left
 * dropped, only the fields named in `fields`.
 */
export function compactTranslations<T extends Record<string, TranslatableValue>>(
  translations: Translations<T> | null | undefined,
  fields: ReadonlyArray<keyof T & string>,
): Translations<T> {
  const out: Translations<T> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const entry = translations?.[language];
    if (!entry) continue;
    const kept: Partial<T> = {};
    for (const field of fields) {
      const value = entry[field];
      if (hasText(value)) kept[field] = (typeof value === 'string' ? value.trim() : value) as T[typeof field];
    }
    if (Object.keys(kept).length > 0) out[language] = kept;
  }
  return out;
}
