import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE as DEFAULT_LOCALE, type Language as Locale } from '@orchard/shared/languages';
import { common } from '../locales/common';

/**
 * The i18n layer (docs/decisions/0004, 0021). Messages live in namespaces: `common` (navigation,
 * errors, theme — in the first bundle) and one per feature, defined in English beside the
 * feature's code so its text loads with its page. Every other language is one bundle holding all
 * its namespaces (`src/locales/<language>/index.ts`), loaded only when that language is the
 * active one; `npm test` checks that each bundle has exactly the English keys and placeholders.
 *
 * Messages are nested objects of strings with `{{name}}` placeholders; plural forms live under
 * `key_one` / `key_other` (Intl.PluralRules categories) and are picked by `count`.
 */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** Keys without their plural suffix, so `t('items', { count })` type-checks. */
type StripPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

type MessageKey<T> = StripPlural<Leaves<T>>;
type TranslateValues = Record<string, string | number>;
export type Translate<T> = (key: MessageKey<T>, values?: TranslateValues) => string;

/** A namespace in another language: the English keys, each with a string. */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/** The languages the app speaks (one list with the API's: @orchard/shared/languages). */
export {
  DEFAULT_LANGUAGE as DEFAULT_LOCALE,
  isLanguage as isLocale,
  LANGUAGES as LOCALES,
  matchLanguage as matchLocale,
  type Language as Locale,
} from '@orchard/shared/languages';
/** Every namespace defined so far, in English (the catalogue check in src/locales reads them). */
const english = new Map<string, MessageTree>();
export function englishNamespaces(): ReadonlyMap<string, MessageTree> {
  return english;
}

/** The loaded languages' bundles: namespace → catalogue. English lives in the namespaces themselves. */
const bundles: Partial<Record<Locale, Record<string, unknown>>> = {};

/** Adds namespaces of a language (its members' part, later its console's part). */
export function registerLanguage(locale: Locale, namespaces: Record<string, unknown>): void {
  bundles[locale] = { ...bundles[locale], ...namespaces };
}

export function namespaceIn(locale: string, namespace: string): unknown {
  return bundles[locale as Locale]?.[namespace];
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslator<T extends MessageTree>(english: T, locale: string, translated?: unknown): Translate<T> {
  const plurals = new Intl.PluralRules(locale);
  const find = (key: string) => lookup(translated, key) ?? lookup(english, key);
  return (key, values) => {
    let message: string | undefined;
    if (values && typeof values.count === 'number') message = find(`${key}_${plurals.select(values.count)}`) ?? find(`${key}_other`);
    message ??= find(key);
    if (message === undefined) {
      if (import.meta.env.DEV) console.warn(`Missing message: ${key}`);
      return key;
    }
    if (!values) return message;
    return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/* The active language: one value for the whole app, changed by `setActiveLocale` (lib/language.ts). */
let active: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

export function activeLocale(): Locale {
  return active;
}

export function setActiveLocaleValue(locale: Locale): void {
  if (locale === active) return;
  active = locale;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const LocaleContext = createContext<Locale | null>(null);

/** Provides the active language; `locale` pins one (tests). */
export function I18nProvider({ locale, children }: { locale?: Locale; children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, activeLocale, activeLocale);
  return <LocaleContext.Provider value={locale ?? current}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext) ?? active;
}

/**
 * Declares a namespace and returns its hook: `const { t } = useAccountsMessages()`. Keys are
 * type-checked against the English catalogue.
 */
export function defineMessages<T extends MessageTree>(namespace: string, catalogues: { en: T }): () => { t: Translate<T>; locale: Locale } {
  english.set(namespace, catalogues.en);
  return function useMessages() {
    const locale = useLocale();
    return useMemo(() => ({ t: createTranslator(catalogues.en, locale, namespaceIn(locale, namespace)), locale }), [locale]);
  };
}

/** The common namespace: navigation, layouts, errors, theme, empty states. */
export const useTranslation = defineMessages('common', { en: common });
