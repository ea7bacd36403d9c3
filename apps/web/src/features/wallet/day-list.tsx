import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import { dayKeyToDate, groupByDay, relativeDayName } from './logic';
import { useWalletMessages } from './messages';

/** A newest-first list split into days, each under its own heading ("Today", "Yesterday", a date). */
export function DayGroupedList<T>({
  items,
  dateOf,
  keyOf,
  render,
}: {
  items: readonly T[];
  dateOf: (item: T) => string;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useWalletMessages();
  return (
    <div className="flex flex-col gap-4">
      {groupByDay(items, dateOf).map((group) => {
        const name = relativeDayName(group.day);
        return (
          <section key={group.day} aria-labelledby={`day-${group.day}`} className="flex flex-col gap-1">
            <h2 id={`day-${group.day}`} className="px-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
              {name ? t(`day.${name}`) : formatDate(dayKeyToDate(group.day))}
            </h2>
            <ul className="divide-y divide-gray-100 rounded-2xl bg-white px-4 ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800">
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
