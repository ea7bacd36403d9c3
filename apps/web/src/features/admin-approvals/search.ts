// Search params of /admin/approvals, parsed without zod: the route's validateSearch runs in the
// first bundle (see admin-ledger/search.ts), so this file stays small and imports nothing.

export const APPROVAL_VIEWS = ['waiting', 'mine', 'applied', 'failed', 'rejected', 'expired'] as const;
type View = (typeof APPROVAL_VIEWS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which requests to show, and the one opened (from the list, or from "Sent for approval"). */
export function parseApprovalsSearch(search: Record<string, unknown>): { view?: View; id?: string } {
  const view = APPROVAL_VIEWS.includes(search.view as View) ? (search.view as View) : undefined;
  const id = typeof search.id === 'string' && UUID.test(search.id) ? search.id : undefined;
  return { ...(view ? { view } : {}), ...(id ? { id } : {}) };
}
