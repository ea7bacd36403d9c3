import type { ReactNode } from 'react';
import { ConsolePage, DataTable, type DataTableProps, type Pager } from './console';

/*
 * A console list page in one piece: the page frame (title, what it is for, actions), the filters,
 * the table with its four states (loading, error with retry, empty with the next step, rows), the
 * pager ("Load more" or previous/next), then what the page opens from a row (a sheet, a card).
 * Each console list says only what is its own: its query, its columns, its words.
 */

/** What the table takes from a list's query: the rows, the first load, the error and the retry. */
export type ListState<Row> = Pick<DataTableProps<Row>, 'rows' | 'isPending' | 'error' | 'onRetry'>;

/** A query of one page of rows (`{ items }`), as `useQuery` gives it. */
interface ListQuery<Row> {
  data: { items: Row[] } | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/** A query paged by cursor, as `useInfiniteQuery` gives it. */
interface CursorListQuery<Row> {
  data: { pages: Array<{ items: Row[] }> } | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The table's state from a query of one page (a whole list, or one offset page). */
export function listState<Row>(query: ListQuery<Row>): ListState<Row> {
  return { rows: query.data?.items, isPending: query.isPending, error: query.error, onRetry: () => void query.refetch() };
}

/** The table's state from a query paged by cursor: the pages' rows in order, and "Load more". */
export function cursorListState<Row>(query: CursorListQuery<Row>): ListState<Row> & { pager: Pager } {
  return {
    rows: query.data?.pages.flatMap((page) => page.items),
    isPending: query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
    pager: {
      kind: 'cursor',
      hasMore: query.hasNextPage,
      isLoadingMore: query.isFetchingNextPage,
      onMore: () => void query.fetchNextPage(),
    },
  };
}

type ConsoleListPageProps<Row> = DataTableProps<Row> & {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Above the table: the filter bar or the choice of view, and a panel the page opens there. */
  filters?: ReactNode;
  /** Below the table: what the page opens from a row (a sheet) or keeps beside the list (a card). */
  children?: ReactNode;
};

/** Every list of the operator console: the frame, the filters, the table and its pager. */
export function ConsoleListPage<Row>({ title, description, actions, filters, children, ...table }: ConsoleListPageProps<Row>) {
  return (
    <ConsolePage title={title} description={description} actions={actions}>
      {filters}
      <DataTable {...table} />
      {children}
    </ConsolePage>
  );
}

/**
 * Which part of a list to show (the queue, or what was decided, by status): a labelled select the
 * page keeps in the URL.
 */
export function ViewSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
}) {
  return (
    <label className="flex max-w-xs min-w-0 flex-col gap-1 text-sm font-medium text-gray-900 dark:text-gray-100">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
        className="min-h-11 max-w-full rounded-xl border border-gray-300 bg-white px-3 text-base text-gray-900 sm:text-sm dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
