import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, CircleAlert, Languages } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { missingLanguages, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@orchard/shared/translations';
import { LOCALES, type Locale } from '../../lib/i18n';
import { cn } from './cn';
import { useUiMessages } from './messages';

/** Each language named in itself (as the language picker does), whatever the console is in. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', zh: '中文' };

/** The tab the arrow, Home or End key moves to from `from` (WAI-ARIA tabs), if the key moves. */
function tabForKey(key: string, from: Locale): Locale | undefined {
  const index = LOCALES.indexOf(from);
  if (key === 'ArrowRight') return LOCALES[(index + 1) % LOCALES.length];
  if (key === 'ArrowLeft') return LOCALES[(index - 1 + LOCALES.length) % LOCALES.length];
  if (key === 'Home') return LOCALES[0];
  if (key === 'End') return LOCALES[LOCALES.length - 1];
  return undefined;
}

/** What a tab says beside its language: a field message there, or a text still missing. */
function TabMarker({ wrong, lacking }: { wrong: boolean; lacking: boolean }) {
  const { t } = useUiMessages();
  if (wrong) return <CircleAlert className="size-4 text-red-700 dark:text-red-400" aria-hidden="true" />;
  if (!lacking) return null;
  return (
    <span className="rounded-full bg-amber-100 px-1.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-300">
      {t('languages.missing')}
    </span>
  );
}

/**
 * The console's editors write an item's texts in every language (docs/decisions/0024): one tab per
 * language, English (the default, required) first. Every panel stays mounted, so the form keeps
 * what was typed in each and the server's field messages land on fields in any tab; a tab with a
 * field message, or missing a text English has, says so. Arrow keys move between tabs (WAI-ARIA).
 */
function LanguageTabs({
  missing,
  invalid = [],
  children,
  className,
}: {
  /** Languages with no text yet for a field English fills. */
  missing: readonly Locale[];
  /** Languages with a field message: their tab says so and the first one opens. */
  invalid?: readonly Locale[];
  /** The fields of one language. */
  children: (language: Locale) => ReactNode;
  className?: string;
}) {
  const { t } = useUiMessages();
  const base = useId();
  const [chosen, setChosen] = useState<Locale>('en');
  const [lastInvalid, setLastInvalid] = useState<string>('');
  const tabs = useRef(new Map<Locale, HTMLButtonElement | null>());
  // A new set of field messages opens the first language that has one (set while rendering: no flash).
  const invalidKey = invalid.join();
  if (invalidKey !== lastInvalid) {
    setLastInvalid(invalidKey);
    if (invalid.length > 0 && !invalid.includes(chosen)) setChosen(invalid[0]!);
  }
  const move = (event: KeyboardEvent, from: Locale) => {
    const next = tabForKey(event.key, from);
    if (!next) return;
    event.preventDefault();
    setChosen(next);
    tabs.current.get(next)?.focus();
  };
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div role="tablist" aria-label={t('languages.tabs')} className="flex flex-wrap gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800">
        {LOCALES.map((language) => {
          const selected = language === chosen;
          const lacking = missing.includes(language);
          const wrong = invalid.includes(language);
          return (
            <button
              key={language}
              ref={(element) => void tabs.current.set(language, element)}
              type="button"
              role="tab"
              id={`${base}-tab-${language}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${language}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosen(language)}
              onKeyDown={(event) => move(event, language)}
              className={cn(
                'flex min-h-10 flex-1 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold whitespace-nowrap',
                selected
                  ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-gray-50'
                  : 'text-gray-700 hover:bg-white/60 dark:text-gray-300 dark:hover:bg-gray-900/60',
              )}
            >
              <span lang={language}>{LANGUAGE_NAMES[language]}</span>
              <TabMarker wrong={wrong} lacking={lacking} />
            </button>
          );
        })}
      </div>
      {LOCALES.map((language) => (
        <div
          key={language}
          role="tabpanel"
          id={`${base}-panel-${language}`}
          aria-labelledby={`${base}-tab-${language}`}
          hidden={language !== chosen}
          className="flex flex-col gap-4"
        >
          {language === 'en' ? null : <p className="text-sm text-gray-600 dark:text-gray-400">{t('languages.fallback')}</p>}
          {children(language)}
        </div>
      ))}
    </div>
  );
}

/**
 * The fields of an item's texts, one tab per language, inside a form of the kit: English is the
 * item's own `fields`, each other language the same fields under `translations.<language>`. Which
 * languages still lack a text English has, and which have a field message, follow the form.
 */
export function LanguageFields<F extends string>({
  fields,
  children,
  className,
}: {
  fields: readonly F[];
  /** The fields of one language: `name` gives each field's form name there, `lang` the language to spell-check in. */
  children: (name: (field: F) => string, lang: Locale | undefined) => ReactNode;
  className?: string;
}) {
  const { watch, formState } = useFormContext();
  const values = watch() as Record<string, unknown> & { translations?: Partial<Record<TranslatedLanguage, Record<string, string>>> };
  const english = Object.fromEntries(fields.map((field) => [field, typeof values[field] === 'string' ? (values[field] as string) : '']));
  const missing = missingLanguages(english, values.translations);
  const errors = formState.errors as Record<string, unknown> & { translations?: Partial<Record<TranslatedLanguage, unknown>> };
  const invalid: Locale[] = [
    ...(fields.some((field) => errors[field]) ? (['en'] as const) : []),
    ...TRANSLATED_LANGUAGES.filter((language) => errors.translations?.[language]),
  ];
  return (
    <LanguageTabs missing={missing} invalid={invalid} className={className}>
      {(language) =>
        children((field) => (language === 'en' ? field : `translations.${language}.${field}`), language === 'en' ? undefined : language)
      }
    </LanguageTabs>
  );
}

/** An item's texts in the other languages as a form holds them: every field of each, '' where there is none. */
export function translationValues<F extends string>(
  fields: readonly F[],
  translations: Partial<Record<TranslatedLanguage, Partial<Record<F, string | readonly string[] | null>>>> | undefined,
): Record<TranslatedLanguage, Record<F, string>> {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        fields.map((field) => {
          const value = translations?.[language]?.[field];
          return [field, Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : ''];
        }),
      ),
    ]),
  ) as Record<TranslatedLanguage, Record<F, string>>;
}

/** The header of a list's languages column (MissingLanguages in its cells). */
export function useLanguagesColumnHeader(): string {
  return useUiMessages().t('languages.column');
}

/** A list's cell: which languages an item still lacks, or that it has them all. */
export function MissingLanguages({ missing }: { missing: readonly Locale[] }) {
  const { t } = useUiMessages();
  return missing.length === 0 ? (
    <span className="inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-green-800 ring-1 ring-green-200 ring-inset dark:bg-green-950 dark:text-green-300 dark:ring-green-900">
      <Check className="mr-1 size-3.5" aria-hidden="true" />
      {t('languages.complete')}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900">
      <Languages className="mr-1 size-3.5" aria-hidden="true" />
      {t('languages.missingIn', { languages: missing.map((language) => LANGUAGE_NAMES[language]).join(', ') })}
    </span>
  );
}
