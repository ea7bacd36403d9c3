import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

/*
 * The two primitives of every form, in one module so the first page (sign-in) loads them as one
 * file (docs/decisions/0004: each module shared between chunks is one more file on that load):
 * the button, and the field markup — label above, the control, its error under it, then a hint
 * (docs/product.md "Look and feel"). Presentational only, no form library: the sign-in page uses them as they
 * are, the form kit (form.tsx) wraps them with react-hook-form. Code imports them through
 * button.tsx and field.tsx, except the sign-in page, which imports this module directly (a
 * re-export can become a file of its own). Listed in styles.css's @source lines.
 */

/**
 * `danger` confirms what cannot be taken back lightly (freeze, reject, void, refund, remove);
 * `danger-outline` is the same action one step earlier (a row's Reject, which opens its confirm):
 * destructive actions look destructive everywhere, never like the green way forward.
 */
type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-outline';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-500 dark:text-gray-950 dark:hover:bg-primary-400',
  secondary:
    'bg-white text-gray-900 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700 dark:hover:bg-gray-800',
  ghost: 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-700',
  'danger-outline':
    'bg-white text-red-700 ring-1 ring-red-300 ring-inset hover:bg-red-50 dark:bg-gray-900 dark:text-red-400 dark:ring-red-900 dark:hover:bg-red-950',
};

export const buttonClass = (variant: Variant = 'primary', extra?: string) =>
  cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    extra,
  );

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Disables the button and shows a spinner while a request runs. */
  isBusy?: boolean;
}

export function Button({ variant = 'primary', isBusy = false, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || isBusy} aria-busy={isBusy || undefined} {...rest}>
      {isBusy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />}
      {children}
    </button>
  );
}

/** A control with `aria-invalid` gets a red border and focus ring from theme.css, never the green one. */
export const inputClass =
  'min-h-11 w-full rounded-xl border border-gray-300 bg-white px-3 text-base text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50';

export const linkClass = 'font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400';

export interface FieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  /** The control's id: the label points at it, the notes are `${id}-error` / `${id}-hint`. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Beside the label, e.g. "Forgot password?". */
  aside?: ReactNode;
  /** A control other than a text input (it sets its own aria attributes with `noteIds`). */
  control?: ReactNode;
}

/** The ids a control points at with aria-describedby: its error first, then its hint. */
export const noteIds = (id: string, error?: string, hint?: ReactNode, extra?: string) =>
  [error && `${id}-error`, hint && `${id}-hint`, extra].filter(Boolean).join(' ') || undefined;

/** A control's error and hint beneath it, with the ids its aria-describedby names (noteIds). */
export function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
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
    </>
  );
}

/**
 * Label, the control (a text input unless `control` is given; every input attribute —
 * inputMode, autoComplete, ref … — passes through), its error, its hint.
 */
export function Field({ id, label, error, hint, aside, control, className, 'aria-describedby': extra, ...input }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
          {label}
        </label>
        {aside}
      </div>
      {control ?? (
        <input
          id={id}
          name={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteIds(id, error, hint, extra)}
          className={className ?? inputClass}
          {...input}
        />
      )}
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
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
