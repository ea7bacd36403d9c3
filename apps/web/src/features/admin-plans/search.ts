// Search params of the console's coupon and purchase pages. The routes keep them as they arrive
// (their validateSearch runs in the first bundle, which has no room to spare); the lazy loaders and
// pages parse them with these functions, so this file loads with the console only. No zod here:
// the loaders import it before any form does.

const COUPON_KIND_FILTERS = ['percent_off', 'amount_off', 'wallet_credit'] as const;
const PURCHASE_STATUS_FILTERS = ['active', 'expired', 'refunded'] as const;
/** `release_failed`: purchases with a pending commission whose release failed. */
const PURCHASE_COMMISSION_FILTERS = ['release_failed'] as const;

/** A search param as the URL gives it: anything, until parsed. */
export type RawParam = { [key: string]: unknown };

export interface CouponFilter {
  q?: string;
  kind?: (typeof COUPON_KIND_FILTERS)[number];
  batch?: string;
}

export interface PurchaseFilter {
  member?: string;
  plan?: string;
  status?: (typeof PURCHASE_STATUS_FILTERS)[number];
  /** A day, YYYY-MM-DD (inclusive, UTC, as the API reads it). */
  from?: string;
  to?: string;
  commission?: (typeof PURCHASE_COMMISSION_FILTERS)[number];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function pickText(value: unknown, max: number): string | undefined {
  if (typeof value === 'number') value = String(value);
  return typeof value === 'string' && value.trim() && value.trim().length <= max ? value.trim() : undefined;
}

function pickOne<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}

const pickMatch = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : undefined);

/** Drops the filters that are off, so the URL and the query key only name what is set. */
function compact<T extends object>(filter: T): T {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as T;
}

/** /admin/coupons?q&kind&batch: part of a code, a kind, a generated batch. */
export const couponFilterOf = (search: RawParam): CouponFilter =>
  compact({ q: pickText(search.q, 32), kind: pickOne(search.kind, COUPON_KIND_FILTERS), batch: pickText(search.batch, 40) });

/** /admin/purchases?member&plan&status&from&to&commission */
export const purchaseFilterOf = (search: RawParam): PurchaseFilter =>
  compact({
    member: pickMatch(search.member, UUID),
    plan: pickMatch(search.plan, UUID),
    status: pickOne(search.status, PURCHASE_STATUS_FILTERS),
    from: pickMatch(search.from, DAY),
    to: pickMatch(search.to, DAY),
    commission: pickOne(search.commission, PURCHASE_COMMISSION_FILTERS),
  });

/** A filter as query-string text for the API (and the CSV export link). */
export function filterQuery(filter: object, extra: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...extra }))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
