// Search params of the console's recharge pages. The routes keep them as they arrive (their
// validateSearch runs in the first bundle, which has no room to spare); the lazy loaders and
// pages parse them with these functions, so this file loads with the console only.

/** What /admin/recharges lists: the review queue (no status), every order, or one status. */
export const ORDER_FILTERS = ['review', 'all', 'awaiting_payment', 'submitted', 'credited', 'rejected', 'expired', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** A search param as the URL gives it: anything, until parsed. */
export type RawParam = { [key: string]: unknown };

export const orderFilterOf = (search: RawParam): OrderFilter =>
  ORDER_FILTERS.includes(search.status as OrderFilter) ? (search.status as OrderFilter) : 'review';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The member to adjust, picked already when /admin/adjust opens from a member page. */
export const adjustMemberOf = (search: RawParam): string | undefined =>
  typeof search.member === 'string' && UUID.test(search.member) ? search.member : undefined;
