import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import type { DataTableProps, Pager } from '../../components/ui/console';
import { PAGE_SIZE } from './api';
import { useAdminAccountsMessages } from './messages';

const PILL = {
  green: 'bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-400',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  red: 'border border-red-200 text-red-700 dark:border-red-900 dark:text-red-400',
  gray: 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
} as const;

export function Pill({ tone, children }: { tone: keyof typeof PILL; children: ReactNode }) {
  return <span className={cn('inline-flex rounded-full px-2 text-xs font-medium', PILL[tone])}>{children}</span>;
}

/**
 * What a filtered, offset-paged list gives its DataTable: the empty state (with "Clear filters"
 * when filters hide everything) and the pager, both writing to the URL through `onSearch`.
 */
export function useFilteredList<S extends { offset?: number }>({
  search,
  total,
  isFiltered,
  onSearch,
  empty,
}: {
  search: S;
  total: number | undefined;
  isFiltered: boolean;
  onSearch: (next: S) => void;
  empty: { title: string; body: string };
}): { empty: DataTableProps<unknown>['empty']; pager: Pager | undefined } {
  const { t } = useAdminAccountsMessages();
  return {
    empty: isFiltered
      ? {
          title: t('common.noMatch'),
          body: t('common.noMatchBody'),
          action: (
            <Button variant="secondary" onClick={() => onSearch({} as S)}>
              {t('common.clearFilters')}
            </Button>
          ),
        }
      : empty,
    pager:
      total === undefined
        ? undefined
        : {
            kind: 'offset',
            offset: search.offset ?? 0,
            pageSize: PAGE_SIZE,
            total,
            onOffset: (offset) => onSearch({ ...search, offset: offset || undefined }),
          },
  };
}
