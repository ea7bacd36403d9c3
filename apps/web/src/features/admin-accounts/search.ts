// Search params of the console pages, checked by the routes' validateSearch (the pages pass the
// raw form values and import only the types: a module shared by a route file and a lazy page
// moves out of the entry chunk and drags its imports along, which costs first-load bytes).

export interface MembersSearch {
  q?: string;
  role?: 'member' | 'operator';
  status?: 'active' | 'frozen';
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
export function pickText(value: unknown, max = 254): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : undefined;
}

export function pickOne<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}

export function pickOffset(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) && number > 0 && number <= 1_000_000 ? number : undefined;
}
