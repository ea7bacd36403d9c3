import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { appConfig } from '../../lib/config';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { PAGE_SIZE } from './api';
import { useAdminAccountsMessages } from './messages';

export function ConsolePage({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · ${appConfig.appName}`;
  }, [title]);
  return (
    <div className="mt-6 flex flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-50">{title}</h1>
          {lead && <p className="text-sm text-gray-600 dark:text-gray-400">{lead}</p>}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}

export const inputClass =
  'min-h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50';

export const tableClass = 'w-full text-left text-sm';
export const thClass =
  'border-b border-gray-200 px-3 py-2 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:border-gray-800 dark:text-gray-400';
export const tdClass = 'border-t border-gray-200 px-3 py-2 text-gray-900 dark:border-gray-800 dark:text-gray-100';

export function TableFrame({ children }: { children: ReactNode }) {
  return <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">{children}</div>;
}

/** A filter bar: text inputs and selects, applied on submit (written to the URL by the page). */
export function FilterForm({
  onSubmit,
  onClear,
  children,
}: {
  onSubmit: (data: FormData) => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useAdminAccountsMessages();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
      {children}
      <Button type="submit" className="min-h-10">
        {t('common.search')}
      </Button>
      <Button variant="ghost" className="min-h-10" onClick={onClear}>
        {t('common.clear')}
      </Button>
    </form>
  );
}

export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-gray-900 dark:text-gray-100">
      {label}
      {children}
    </label>
  );
}

export function Pager({ offset, total, onOffset }: { offset: number; total: number; onOffset: (offset: number) => void }) {
  const { t } = useAdminAccountsMessages();
  if (total === 0) return null;
  return (
    <div className="flex items-center justify-between gap-3 text-sm text-gray-600 dark:text-gray-400">
      <span className="tabular-nums">{t('common.range', { from: offset + 1, to: Math.min(offset + PAGE_SIZE, total), total })}</span>
      <div className="flex gap-2">
        <Button variant="secondary" className="min-h-10" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE_SIZE))}>
          {t('common.previous')}
        </Button>
        <Button
          variant="secondary"
          className="min-h-10"
          disabled={offset + PAGE_SIZE >= total}
          onClick={() => onOffset(offset + PAGE_SIZE)}
        >
          {t('common.next')}
        </Button>
      </div>
    </div>
  );
}

const PILL = {
  green: 'bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-400',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  red: 'border border-red-200 text-red-700 dark:border-red-900 dark:text-red-400',
  gray: 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
} as const;

export function Pill({ tone, children }: { tone: keyof typeof PILL; children: ReactNode }) {
  return <span className={cn('inline-flex rounded-full px-2 text-xs font-medium', PILL[tone])}>{children}</span>;
}

export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      className="min-h-10"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? done : label}
    </Button>
  );
}
