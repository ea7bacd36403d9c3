import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { AlertTriangle, ArrowDown, ArrowUp, ArrowUpDown, CheckCircle2, CircleSlash, XCircle } from 'lucide-react';
import { appConfig } from '../../lib/config';
import { defineMessages } from '../../lib/i18n';
import { MaintenanceBanner } from '../maintenance-banner';
import { Button } from './button';
import { cn } from './cn';
import { EmptyState } from './empty-state';

/*
 * The operator console's page frame, table and status text, in one module: every console page
 * uses them, and one module is one file on the console's load (and one name fewer in the first
 * bundle's preload table) where three would be three.
 */

/** Text of the console page and table (loads with the console, not with the first page). */
const en = {
  table: {
    loading: 'Loading…',
    loadFailed: 'Could not load this list.',
    retry: 'Try again',
    loadMore: 'Load more',
    previous: 'Previous',
    next: 'Next',
    pages: 'Pages',
    range: '{{from}}–{{to}} of {{total}}',
    shown_one: '{{count}} shown',
    shown_other: '{{count}} shown',
    sortBy: 'Sort by {{column}}',
  },
  /** The console frame on a phone: the navigation opens as a sheet. */
  frame: { menu: 'Menu', close: 'Close the menu' },
} as const;

export type ConsoleMessages = typeof en;
export const useConsoleMessages = defineMessages('console', { en });

/**
 * A page of the operator console: its title (which also names the browser tab), an optional
 * line saying what the page is for, and the page's actions on the right.
 */
export function ConsolePage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · ${appConfig.appName}`;
  }, [title]);
  return (
    <div className="flex flex-col gap-5 pt-6 pb-2">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex max-w-3xl min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold break-words text-gray-900 dark:text-gray-50">{title}</h1>
          {description ? <p className="text-sm text-gray-600 dark:text-gray-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </header>
      <MaintenanceBanner />
      {children}
    </div>
  );
}

export interface Column<Row> {
  key: string;
  header: string;
  /** The header is read by screen readers but not shown (e.g. a column of row actions). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  className?: string;
  /**
   * Makes the column sortable in the browser. Give it only to lists the API returns whole:
   * sorting one page of a paged list would misstate the order of the rest.
   */
  sortValue?: (row: Row) => string | number;
}

/** How the API pages: by offset with a total (previous/next), or by cursor ("Load more"). */
export type Pager =
  | { kind: 'offset'; offset: number; pageSize: number; total: number; onOffset: (offset: number) => void }
  | { kind: 'cursor'; hasMore: boolean; isLoadingMore: boolean; onMore: () => void };

export interface DataTableProps<Row> {
  /** Names the table for assistive technology (visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Loading for the first time: skeleton rows stand in. */
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  /** What the operator sees when there are no rows, with what to do next. */
  empty: { title: string; body: string; action?: ReactNode };
  pager?: Pager;
  /** Rows of a <tfoot> (totals). */
  footer?: ReactNode;
  skeletonRows?: number;
}

type Sort = { key: string; direction: 'ascending' | 'descending' };

const cellClass = 'px-3 py-2 align-middle';
/** Phone width: a row is a card of "label  value" lines (the label from the cell's data-label). */
const rowCardClass = 'max-sm:block max-sm:py-2';
const cellCardClass =
  'max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-3 max-sm:py-1 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-gray-600 max-sm:before:uppercase max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-gray-400';

/**
 * The console's table: a real <table> with a caption and column headers, dense rows, and the
 * four states of a list (loading, error with retry, empty with the next step, rows) plus the
 * pager the API offers.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { caption, showCaption, columns, rows, rowKey, isPending, error, onRetry, empty, pager, footer, skeletonRows = 5 } = props;
  const { t } = useConsoleMessages();
  const [sort, setSort] = useState<Sort | null>(null);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);

  if (error && !rows) return <TableLoadError error={error} onRetry={onRetry} />;
  if (!isPending && rows && rows.length === 0) return <EmptyState title={empty.title} body={empty.body} action={empty.action} />;

  const toggle = (key: string) =>
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );

  return (
    <div className="flex flex-col gap-3">
      {error ? (
        <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
          {error.message || t('table.loadFailed')}
          <Button variant="ghost" className="min-h-9" onClick={onRetry}>
            {t('table.retry')}
          </Button>
        </p>
      ) : null}
      {/* relative: visually hidden headers are absolutely positioned and must scroll with the table, not widen the page. */}
      <div className="relative overflow-x-auto rounded-2xl bg-white ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">
        {/* Below 640 px each row is a stacked card, every cell labelled by its column (data-label): no sideways scrolling on a phone. */}
        <table className="w-full text-left text-sm text-gray-900 max-sm:block dark:text-gray-100" aria-busy={isPending || undefined}>
          <caption className={showCaption ? 'px-3 pt-3 text-left text-base font-semibold max-sm:block' : 'sr-only'}>{caption}</caption>
          <DataTableHead columns={columns} sort={sort} onSort={toggle} />
          <DataTableBody columns={columns} rows={isPending ? undefined : sorted} rowKey={rowKey} skeletonRows={skeletonRows} />
          {footer && !isPending ? (
            <tfoot className="border-t border-gray-200 font-semibold max-sm:block dark:border-gray-800 [&_td]:px-3 [&_td]:py-2 max-sm:[&_tr]:block">
              {footer}
            </tfoot>
          ) : null}
        </table>
        {isPending ? (
          <span className="sr-only" role="status">
            {t('table.loading')}
          </span>
        ) : null}
      </div>
      {pager && rows && rows.length > 0 ? <PagerView pager={pager} shown={rows.length} /> : null}
    </div>
  );
}

/** The list could not be loaded and nothing is shown yet: why, and a retry. */
function TableLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useConsoleMessages();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">{error.message || t('table.loadFailed')}</span>
      <Button variant="secondary" className="min-h-9" onClick={onRetry}>
        {t('table.retry')}
      </Button>
    </div>
  );
}

/** The column headers; a sortable column's header is a button that says which way it sorts. */
function DataTableHead<Row>({ columns, sort, onSort }: { columns: Column<Row>[]; sort: Sort | null; onSort: (key: string) => void }) {
  const { t } = useConsoleMessages();
  return (
    <thead className="border-b border-gray-200 text-xs max-sm:sr-only font-semibold tracking-wide text-gray-600 uppercase dark:border-gray-800 dark:text-gray-400">
      <tr>
        {columns.map((column) => {
          const direction = sort?.key === column.key ? sort.direction : undefined;
          return (
            <th
              key={column.key}
              scope="col"
              aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
              className={cn(cellClass, 'whitespace-nowrap', column.align === 'end' && 'text-right')}
            >
              {column.hideHeader ? (
                <span className="sr-only">{column.header}</span>
              ) : column.sortValue ? (
                <SortButton
                  label={column.header}
                  direction={direction}
                  title={t('table.sortBy', { column: column.header })}
                  onClick={() => onSort(column.key)}
                />
              ) : (
                column.header
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** The rows (or skeleton rows while loading): on a phone each row is a card of labelled lines. */
function DataTableBody<Row>({
  columns,
  rows,
  rowKey,
  skeletonRows,
}: {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  skeletonRows: number;
}) {
  return (
    <tbody className="divide-y divide-gray-100 max-sm:block dark:divide-gray-800">
      {!rows
        ? Array.from({ length: skeletonRows }, (_, index) => (
            <tr key={index} aria-hidden="true" className={rowCardClass}>
              {columns.map((column) => (
                <td key={column.key} className={cn(cellClass, cellCardClass)}>
                  <span className="block h-4 w-3/4 animate-pulse rounded bg-gray-200 motion-reduce:animate-none dark:bg-gray-800" />
                </td>
              ))}
            </tr>
          ))
        : rows.map((row) => (
            <tr key={rowKey(row)} className={cn('hover:bg-gray-50 dark:hover:bg-gray-800/60', rowCardClass)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  data-label={column.hideHeader ? undefined : column.header}
                  className={cn(cellClass, column.align === 'end' && 'text-right', column.className, cellCardClass)}
                >
                  {/* One box per cell, so a cell of several lines stays one column of the card; a long
                      address breaks rather than pushing the card wider than the phone. */}
                  <div className="min-w-0 max-sm:[overflow-wrap:anywhere]">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
    </tbody>
  );
}

function SortButton({
  label,
  direction,
  title,
  onClick,
}: {
  label: string;
  direction?: Sort['direction'];
  title: string;
  onClick: () => void;
}) {
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onClick}
      title={title}
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-gray-900 dark:hover:text-gray-100"
    >
      {label}
      <Icon className={cn('size-3.5', !direction && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

function PagerView({ pager, shown }: { pager: Pager; shown: number }) {
  const { t } = useConsoleMessages();
  if (pager.kind === 'cursor') {
    return (
      <div className="flex items-center justify-between gap-3 text-sm text-gray-600 dark:text-gray-400">
        <span className="tabular-nums">{t('table.shown', { count: shown })}</span>
        {pager.hasMore ? (
          <Button variant="secondary" className="min-h-10" onClick={pager.onMore} isBusy={pager.isLoadingMore}>
            {t('table.loadMore')}
          </Button>
        ) : null}
      </div>
    );
  }
  const { offset, pageSize, total, onOffset } = pager;
  return (
    <nav
      aria-label={t('table.pages')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600 dark:text-gray-400"
    >
      <span className="tabular-nums">{t('table.range', { from: offset + 1, to: Math.min(offset + pageSize, total), total })}</span>
      <div className="flex gap-2">
        <Button variant="secondary" className="min-h-10" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          {t('table.previous')}
        </Button>
        <Button variant="secondary" className="min-h-10" disabled={offset + pageSize >= total} onClick={() => onOffset(offset + pageSize)}>
          {t('table.next')}
        </Button>
      </div>
    </nav>
  );
}

function sortRows<Row>(rows: Row[] | undefined, columns: Column<Row>[], sort: Sort | null): Row[] | undefined {
  const value = sort && columns.find((column) => column.key === sort.key)?.sortValue;
  if (!rows || !sort || !value) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    return sign * (typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right)));
  });
}

const STATUS_TONES = {
  good: { Icon: CheckCircle2, className: 'text-green-700 dark:text-green-400' },
  bad: { Icon: XCircle, className: 'text-red-700 dark:text-red-400' },
  off: { Icon: CircleSlash, className: 'text-gray-600 dark:text-gray-400' },
} as const;

/** A state said with an icon and a word (passed, failed, enabled, disabled): never colour alone. */
export function StatusText({ tone, className, children }: { tone: keyof typeof STATUS_TONES; className?: string; children: ReactNode }) {
  const { Icon, className: toneClass } = STATUS_TONES[tone];
  return (
    <span className={cn('inline-flex items-center gap-1', toneClass, className)}>
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </span>
  );
}

/**
 * One figure of the console's landing page: what it counts, the number, and the link to act on
 * it. `value` is undefined while loading.
 */
export function StatCard({
  label,
  value,
  detail,
  action,
  quiet = false,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  action: ReactNode;
  /** Nothing needs attention: the value is a plain line, not a headline. */
  quiet?: boolean;
}) {
  return (
    <section
      aria-label={label}
      className="flex flex-col gap-2 rounded-2xl bg-white p-5 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      <h2 className="text-sm font-medium text-gray-600 dark:text-gray-400">{label}</h2>
      <p
        className={cn(
          'tabular-nums',
          quiet ? 'text-sm text-gray-700 dark:text-gray-300' : 'text-2xl font-semibold text-gray-900 dark:text-gray-50',
        )}
      >
        {value ?? <span className="block h-8 w-32 animate-pulse rounded bg-gray-200 motion-reduce:animate-none dark:bg-gray-800" />}
      </p>
      {detail ? <p className="text-sm text-gray-600 dark:text-gray-400">{detail}</p> : null}
      <div className="mt-auto pt-1">{action}</div>
    </section>
  );
}
