import { useQuery } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { isConsoleRole } from '@orchard/shared/console-roles';
import { DEFAULT_LOCALE } from '../../lib/i18n';
import { meQueryOptions } from '../../lib/session';
import { cn } from './cn';
import { useUiMessages } from './messages';

/*
 * Operator content in the reader's language (docs/decisions/0024): the API names the fields it
 * answered in the default language because the asked one has no text for them (`untranslated`).
 * Such a text carries lang="en", so it is read aloud as English; a console user (who can get it
 * translated) also sees a small marker beside it. A member never does.
 */

/** The `lang` of a field the API answered in the default language, else nothing (the page's own). */
export function fallbackLang(untranslated: readonly string[] | undefined, field: string): string | undefined {
  return untranslated?.includes(field) ? DEFAULT_LOCALE : undefined;
}

/** "Not translated: shown in English", for console users only, when any of `fields` fell back. */
export function UntranslatedMark({ fields, className }: { fields: readonly string[] | undefined; className?: string }) {
  const { t } = useUiMessages();
  const { data: me } = useQuery(meQueryOptions());
  if (!fields?.length || !isConsoleRole(me?.role)) return null;
  return (
    <span
      title={t('languages.untranslatedHint')}
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        'bg-amber-50 text-amber-800 ring-amber-300 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-800',
        className,
      )}
    >
      <Languages className="size-3.5" aria-hidden="true" />
      {t('languages.untranslated')}
    </span>
  );
}
