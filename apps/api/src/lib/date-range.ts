const DAY = 86_400_000;

/**
 * A list's `from`/`to` query (contracts: isoDateOrDateTime) as instants: `from` inclusive, `to`
 * exclusive; a bare date `to` includes that whole day (UTC).
 */
export function instantRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  return {
    from: from ? new Date(from.length === 10 ? `${from}T00:00:00Z` : from) : undefined,
    to: to ? new Date(to.length === 10 ? Date.parse(`${to}T00:00:00Z`) + DAY : Date.parse(to) + 1) : undefined,
  };
}
