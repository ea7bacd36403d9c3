import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { en } from '../locales/en';

/**
 * The i18n layer (docs/decisions/0004): components ask `t('group.key', { values })` and never
 * hold UI text. A catalogue is a nested object of strings with `{{name}}` placeholders; plural
 * forms live under `key_one` / `key_other` and are picked by Intl.PluralRules from `count`.
 * A second language is a file in src/locales and a line in CATALOGUES.
 */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Keys without their plural suffix, so `t('x.items', { count })` type-checks. */
type StripPlural<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

export type MessageKey = StripPlural<Leaves<typeof en>>;
export type Catalogue = typeof en;
export type TranslateValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: TranslateValues) => string;

const CATALOGUES: Record<string, Catalogue> = { en };
export const DEFAULT_LOCALE = 'en';

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslator(locale: string, catalogue: Catalogue = CATALOGUES[locale] ?? en): Translate {
  const plurals = new Intl.PluralRules(locale);
  return (key, values) => {
    let message: string | undefined;
    if (values && typeof values.count === 'number') {
      message = lookup(catalogue, `${key}_${plurals.select(values.count)}`) ?? lookup(catalogue, `${key}_other`);
    }
    message ??= lookup(catalogue, key) ?? lookup(en, key);
    if (message === undefined) {
      if (import.meta.env.DEV) console.warn(`Missing translation: ${key}`);
      return key;
    }
    return values
      ? message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
      : message;
  };
}

interface I18nValue {
  locale: string;
  t: Translate;
}

const I18nContext = createContext<I18nValue>({ locale: DEFAULT_LOCALE, t: createTranslator(DEFAULT_LOCALE) });

export function I18nProvider({ locale = DEFAULT_LOCALE, children }: { locale?: string; children: ReactNode }) {
  const value = useMemo(() => ({ locale, t: createTranslator(locale) }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** Same shape as react-i18next's hook: `const { t } = useTranslation()`. */
export function useTranslation(): I18nValue {
  return useContext(I18nContext);
}
