import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FieldNotes, noteIds } from '../../components/ui/field';
import { useFieldError } from '../../components/ui/form';
import { formatDate, formatDateTime } from '../../lib/format';
import { windowState } from './logic';
import { useAdminPlansMessages } from './messages';

/**
 * Several choices of a list (the plans a coupon applies to) as checkboxes in a fieldset, kept as
 * an array of ids in the form (also with a single checkbox, where a registered box would give a
 * string or false).
 */
export function CheckboxListField({
  name,
  label,
  hint,
  options,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  options: Array<{ value: string; label: ReactNode }>;
}) {
  const { watch, setValue, formState } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  const selected = (watch(name) as string[] | undefined) ?? [];
  const toggle = (value: string, on: boolean) =>
    setValue(name, on ? [...selected, value] : selected.filter((item) => item !== value), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={noteIds(id, error, hint)}>
      <legend className="mb-1 text-sm font-medium text-gray-900 dark:text-gray-100">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm ring-1 ring-gray-200 dark:ring-gray-800"
          >
            <input
              type="checkbox"
              className="size-4 accent-primary-600"
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldNotes id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** Secondary text under a cell's first line. */
export function Sub({ children }: { children: ReactNode }) {
  return <div className="text-xs text-gray-600 dark:text-gray-400">{children}</div>;
}

/** A failure outside a table (a page's own data), with a retry. */
export function LoadFailed({ message, onRetry, isBusy }: { message: string; onRetry: () => void; isBusy?: boolean }) {
  const { t } = useAdminPlansMessages();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <span className="min-w-0 flex-1">{message}</span>
      <Button variant="secondary" className="min-h-9" isBusy={isBusy} onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** A sale window or validity period in words: both ends, one end, or none; and where now stands in it. */
export function PeriodText({
  startsAt,
  endsAt,
  withState = true,
}: {
  startsAt: string | null;
  endsAt: string | null;
  withState?: boolean;
}) {
  const { t } = useAdminPlansMessages();
  // Dates only, to keep the column narrow; the exact time is in each line's title.
  const start = startsAt ? formatDate(startsAt) : null;
  const end = endsAt ? formatDate(endsAt) : null;
  // The moment the list was drawn: a row does not change its words while the operator reads it.
  const [now] = useState(() => Date.now());
  const state = windowState(startsAt, endsAt, now);
  return (
    <div className="whitespace-nowrap">
      {startsAt && start ? <div title={formatDateTime(startsAt)}>{t('common.from', { start })}</div> : null}
      {endsAt && end ? <div title={formatDateTime(endsAt)}>{t('common.until', { end })}</div> : null}
      {!start && !end ? <div>{t('common.always')}</div> : null}
      {withState && state !== 'always' ? <Sub>{t(`common.windowStates.${state}`)}</Sub> : null}
    </div>
  );
}

/**
 * A panel that opens above a list (a form, a batch's codes, a coupon's redemptions) is brought
 * into view when it opens from a row further down.
 */
export function useRevealOnOpen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    // A block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return ref;
}

/** A link inside a console table or panel. */
export const linkClass = 'text-primary-700 underline-offset-4 hover:underline dark:text-primary-400';
