/** Days of a newest-first list, in the device's time zone: the grouping every dated list shares. */

/** The local calendar day of a moment, as `YYYY-MM-DD` (the key a list groups by). */
export function localDayKey(value: string | number | Date): string {
  const date = new Date(value);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export interface DayGroup<T> {
  /** `YYYY-MM-DD` in the device's time zone. */
  day: string;
  items: T[];
}

/** Splits a newest-first list into days, keeping the order of days and of items within them. */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => string | number | Date): DayGroup<T>[] {
  // One group per day even when a list's order and its dates disagree for a moment (two
  // transactions committed out of order around midnight): a day never has two headings.
  const groups = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const day = localDayKey(dateOf(item));
    const group = groups.get(day);
    if (group) group.items.push(item);
    else groups.set(day, { day, items: [item] });
  }
  return [...groups.values()];
}

/** "today" / "yesterday" / null (then the caller shows the date) for a day key. */
export function relativeDayName(day: string, now: Date = new Date()): 'today' | 'yesterday' | null {
  if (day === localDayKey(now)) return 'today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
  if (day === localDayKey(yesterday)) return 'yesterday';
  return null;
}

/** A day key → a Date at local noon (safe from DST edges) for formatting. */
export function dayKeyToDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, (month ?? 1) - 1, date ?? 1, 12);
}
