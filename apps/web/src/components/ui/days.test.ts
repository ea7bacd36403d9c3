import { describe, expect, it } from 'vitest';
import { groupByDay, localDayKey, relativeDayName } from './days';

describe('groupByDay', () => {
  const at = (y: number, m: number, d: number, h: number) => new Date(y, m - 1, d, h, 30).toISOString();
  it('splits a newest-first list into local days, keeping the order', () => {
    const items = [
      { id: 'a', at: at(2026, 3, 10, 23) },
      { id: 'b', at: at(2026, 3, 10, 0) },
      { id: 'c', at: at(2026, 3, 9, 12) },
      { id: 'd', at: at(2026, 2, 28, 8) },
    ];
    const groups = groupByDay(items, (item) => item.at);
    expect(groups.map((group) => [group.day, group.items.map((item) => item.id)])).toEqual([
      ['2026-03-10', ['a', 'b']],
      ['2026-03-09', ['c']],
      ['2026-02-28', ['d']],
    ]);
  });
  it('gives a day one group even when an item of it comes after another day’s (order and dates disagreeing)', () => {
    const items = [
      { id: 'a', at: at(2026, 3, 10, 0) },
      { id: 'b', at: at(2026, 3, 9, 23) },
      { id: 'c', at: at(2026, 3, 10, 0) },
    ];
    expect(groupByDay(items, (item) => item.at).map((group) => [group.day, group.items.map((item) => item.id)])).toEqual([
      ['2026-03-10', ['a', 'c']],
      ['2026-03-09', ['b']],
    ]);
  });
  it('returns nothing for nothing', () => {
    expect(groupByDay([], () => 0)).toEqual([]);
  });
  it('names today and yesterday, also across a month boundary', () => {
    const now = new Date(2026, 2, 1, 9);
    expect(relativeDayName(localDayKey(now), now)).toBe('today');
    expect(relativeDayName('2026-02-28', now)).toBe('yesterday');
    expect(relativeDayName('2026-02-27', now)).toBeNull();
  });
});
