import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { common } from '../locales/common';

/**
 * The i18n layer (docs/decisions/0004). Messages live in namespaces: `common` (navigation,
 * errors, theme — in the first bundle) and one per feature, defined beside the feature's code
 * so its text loads with its page. A namespace holds a catalogue per language; English is
 * required, every other language may be partial (missing keys fall back to English). Adding a
 * language means adding its catalogue to each namespace file — no component changes.
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

export type MessageKey<T> = StripPlural<Leaves<T>>;
export type TranslateValues = Record<string, string | number>;
export type Translate<T> = (key: MessageKey<T>, values?: TranslateValues) => string;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };
export type Catalogues<T extends MessageTree> = { en: T } & Record<string, DeepPartial<T> | undefined>;

export const DEFAULT_LOCALE = 'en';

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslator<T extends MessageTree>(catalogues: Catalogues<T>, locale: string): Translate<T> {
  const primary = catalogues[locale] ?? catalogues[locale.split('-')[0] ?? ''] ?? catalogues.en;
  const plurals = new Intl.PluralRules(locale);
  const find = (key: string) => lookup(primary, key) ?? lookup(catalogues.en, key);
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

const LocaleContext = createContext<string>(DEFAULT_LOCALE);

export function I18nProvider({ locale = DEFAULT_LOCALE, children }: { locale?: string; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): string {
  return useContext(LocaleContext);
}

/**
 * Declares a namespace and returns its hook: `const { t } = useAccountsMessages()`. Keys are
 * type-checked against the English catalogue.
 */
export function defineMessages<T extends MessageTree>(catalogues: Catalogues<T>): () => { t: Translate<T>; locale: string } {
  return function useMessages() {
    const locale = useLocale();
    return useMemo(() => ({ t: createTranslator(catalogues, locale), locale }), [locale]);
  };
}

/** The common namespace: navigation, layouts, errors, theme, empty states. */
export const useTranslation = defineMessages({ en: common });
