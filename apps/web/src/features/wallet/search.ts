/* The /trx/log route validates its search params with this file, so it is on the first load: keep it tiny. */

/**
 * A type's shape only: which types exist (STATEMENT_TYPES in logic.ts) is checked where the filter
 * is used, so the list stays out of the first bundle.
 */
const TYPE_PARAM = /^[a-z_]{1,40}$/;
const DATE_PARAM = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /trx/log search params, read by hand (this runs in the route's validateSearch, which is part
 * of the first bundle, so no zod): malformed types and dates are dropped; a well-formed type that
 * does not exist is dropped by knownStatementFilters (logic.ts) before it is used.
 */
export function parseStatementSearch(search: Record<string, unknown>): { type?: string; from?: string; to?: string } {
  const result: { type?: string; from?: string; to?: string } = {};
  if (typeof search.type === 'string' && TYPE_PARAM.test(search.type)) result.type = search.type;
  for (const key of ['from', 'to'] as const) {
    const value = search[key];
    if (typeof value === 'string' && DATE_PARAM.test(value) && !Number.isNaN(Date.parse(value))) result[key] = value;
  }
  return result;
}
