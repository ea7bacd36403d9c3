import type { ComponentProps, ReactNode } from 'react';

/*
 * The markup of every form field (DESIGN.md "Forms"): label above, the control, its error under
 * it, then a hint. Presentational only — no form library — so the sign-in page (first load,
 * docs/decisions/0004) uses it as it is, and the form kit (form.tsx) wraps it with
 * react-hook-form. Listed in styles.css's @source lines because the first page shows it.
 */

/** A control with `aria-invalid` gets a red border and focus ring from theme.css, never the green one. */
export const inputClass =
  'min-h-11 w-full rounded-xl border border-gray-300 bg-white px-3 text-base text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50';

export const linkClass = 'font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400';

/** The ids a control points at with aria-describedby: its error first, then its hint. */
export function noteIds(id: string, error?: string, hint?: ReactNode, extra?: string): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
}

export interface FieldFrameProps {
  /** The control's id: the label points at it, the notes are `${id}-error` / `${id}-hint`. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Beside the label, e.g. "Forgot password?". */
  aside?: ReactNode;
  children: ReactNode;
}

/** Label, any control (the caller sets its aria attributes with `noteIds`), error, hint. */
export function FieldFrame({ id, label, error, hint, aside, children }: FieldFrameProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
    </div>
  );
}

export interface FieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
}

/** A text input in its frame; every input attribute (inputMode, autoComplete, ref …) passes through. */
export function Field({ id, label, error, hint, aside, className, 'aria-describedby': extra, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside}>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteIds(id, error, hint, extra)}
        className={className ?? inputClass}
        {...input}
      />
    </FieldFrame>
  );
}

/** A form-level error above the submit button, announced when it appears. */
export function FormAlert({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-200 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:text-red-400">
      {children}
    </p>
  );
}
