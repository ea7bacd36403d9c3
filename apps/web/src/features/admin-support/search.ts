// Search params of /admin/support, parsed without zod: the route's validateSearch runs in the
// first bundle (see admin-ledger/search.ts), so this file stays small and imports nothing.

export const SUPPORT_VIEWS = ['open', 'answered', 'closed', 'all'] as const;
type View = (typeof SUPPORT_VIEWS)[number];

/** Which tickets to show: waiting for support (the default), answered, closed, or all. */
export function parseSupportSearch(search: Record<string, unknown>): { view?: View } {
  return SUPPORT_VIEWS.includes(search.view as View) ? { view: search.view as View } : {};
}
