// Search params of the console's member pages. The routes validate with these parsers, so they
// run in the first bundle: no zod here, and the pages import only the types (a module shared by
// a route file and a lazy page moves out of the entry chunk and drags its imports along).

export interface MembersSearch {
  q?: string;
  role?: 'member' | 'operator' | 'support' | 'finance';
  status?: 'active' | 'frozen' | 'closed';
  offset?: number;
}

export interface OutboxSearch {
  status?: 'pending' | 'sending' | 'sent' | 'logged' | 'failed';
  destination?: string;
  offset?: number;
}

export interface AuditSearch {
  action?: string;
  subjectId?: string;
  offset?: number;
}

/** Search params arrive parsed as JSON; keep only the shapes a page understands. */
function pickText(value: unknown, max = 254): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : undefined;
}

function pickOne<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}

function pickOffset(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) && number > 0 && number <= 1_000_000 ? number : undefined;
}

export const parseMembersSearch = (search: Record<string, unknown>): MembersSearch => ({
  q: pickText(search.q),
  role: pickOne(search.role, ['member', 'operator', 'support', 'finance'] as const),
  status: pickOne(search.status, ['active', 'frozen', 'closed'] as const),
  offset: pickOffset(search.offset),
});

export const parseOutboxSearch = (search: Record<string, unknown>): OutboxSearch => ({
  destination: pickText(search.destination),
  status: pickOne(search.status, ['pending', 'sending', 'sent', 'logged', 'failed'] as const),
  offset: pickOffset(search.offset),
});

export const parseAuditSearch = (search: Record<string, unknown>): AuditSearch => ({
  action: pickText(search.action, 100),
  subjectId: pickText(search.subjectId, 100),
  offset: pickOffset(search.offset),
});
