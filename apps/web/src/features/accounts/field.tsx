import { useEffect, type InputHTMLAttributes, type ReactNode } from 'react';
import { appConfig } from '../../lib/config';

// These pieces are on the first load of `/` (docs/decisions/0004), and Tailwind's CSS is one
// file for the whole app: they use only utility classes the shell already has.

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Beside the label, e.g. "Forgot password?". */
  aside?: ReactNode;
}

export const inputClass =
  'min-h-11 w-full rounded-xl border border-gray-300 bg-white px-3 text-base text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50';

/** One form field: label above, the input, then its error or hint (DESIGN.md "Forms"). */
export function Field({ id, label, error, hint, aside, 'aria-describedby': describedBy, ...input }: FieldProps) {
  const note = error || hint ? `${id}-note` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
          {label}
        </label>
        {aside}
      </div>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[note, describedBy].filter(Boolean).join(' ') || undefined}
        className={inputClass}
        {...input}
      />
      {note && (
        <p id={note} className={error ? 'text-sm text-red-700 dark:text-red-400' : 'text-xs text-gray-600 dark:text-gray-400'}>
          {error || hint}
        </p>
      )}
    </div>
  );
}

/** A form-level message: an error (announced) or good news. */
export function FormMessage({ children, tone = 'error' }: { children?: ReactNode; tone?: 'error' | 'success' }) {
  if (!children) return null;
  return tone === 'error' ? (
    <p role="alert" className="rounded-xl border border-red-200 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:text-red-400">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-xl bg-primary-50 px-3 py-2 text-sm text-gray-900 dark:bg-primary-950 dark:text-gray-100">
      {children}
    </p>
  );
}

/** The page title of an auth-layout page: the h1, a line under it, and the browser tab's name. */
export function AuthTitle({ title, lead }: { title: string; lead?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${appConfig.appName}`;
  }, [title]);
  return (
    <div className="flex flex-col gap-1.5">
      <h1 className="text-xl font-semibold text-gray-900 dark:text-gray-50">{title}</h1>
      {lead && <p className="text-sm text-gray-600 dark:text-gray-400">{lead}</p>}
    </div>
  );
}

export const linkClass = 'font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400';
