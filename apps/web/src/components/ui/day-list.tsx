import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import { Button } from './button';
import { cn } from './cn';
import { dayKeyToDate, groupByDay, relativeDayName } from './days';
import { useUiMessages } from './messages';

/**
 * A newest-first list split into days, each under its own heading ("Today", "Yesterday", a date).
 * `rows`: one card of divided rows per day (statements, orders); `cards`: a card per item (plans).
 */
export function DayGroupedList<T>({
  items,
  dateOf,
  keyOf,
  render,
  variant = 'rows',
}: {
  items: readonly T[];
  dateOf: (item: T) => string;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
  variant?: 'rows' | 'cards';
}) {
  const { t } = useUiMessages();
  return (
    <div className="flex flex-col gap-4">
      {groupByDay(items, dateOf).map((group) => {
        const name = relativeDayName(group.day);
        return (
          <section
            key={group.day}
            aria-labelledby={`day-${group.day}`}
            className={cn('flex flex-col', variant === 'rows' ? 'gap-1' : 'gap-2')}
          >
            <h2 id={`day-${group.day}`} className="px-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
              {name ? t(`day.${name}`) : formatDate(dayKeyToDate(group.day))}
            </h2>
            <ul
              className={
                variant === 'rows'
                  ? 'divide-y divide-gray-100 rounded-2xl bg-white px-4 ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800'
                  : 'flex flex-col gap-3'
              }
            >
              {group.items.map((item) => (
                <li key={keyOf(item)}>{render(item)}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** The foot of a paged list: "Load more" while there is more (the fallback of infinite scroll), then "That is everything." */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  const { t } = useUiMessages();
  if (!hasNextPage) return <p className="py-2 text-center text-xs text-gray-500 dark:text-gray-400">{t('list.end')}</p>;
  return (
    <Button variant="secondary" className="w-full" isBusy={isFetchingNextPage} onClick={() => fetchNextPage()}>
      {isFetchingNextPage ? t('list.loading') : t('list.loadMore')}
    </Button>
  );
}
