import { useEffect, type ReactNode } from 'react';
import { cn } from '../../components/ui/cn';
import { appConfig } from '../../lib/config';

export const inputClass =
  'min-h-11 w-full rounded-xl bg-white px-3 text-sm text-gray-900 ring-1 ring-gray-300 aria-[invalid=true]:ring-red-500 dark:bg-gray-950 dark:text-gray-100 dark:ring-gray-700';

export function Field({
  label,
  htmlFor,
  hint,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${htmlFor}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function ConsolePage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${appConfig.appName}`;
  }, [title]);
  return (
    <div className="flex flex-col gap-6 pt-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-50">{title}</h1>
        {actions}
      </header>
      {children}
    </div>
  );
}

export const tableClass = 'w-full text-left text-sm [&_td]:px-3 [&_td]:py-3 [&_th]:px-3 [&_th]:py-2';
export const theadClass =
  'border-b border-gray-200 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:border-gray-800 dark:text-gray-400';
