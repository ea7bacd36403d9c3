/**
 * A short-lived copy per instance of a read that every screen repeats (docs/decisions/0018): at
 * most `ttlMs` old, at most `maxEntries` kept (the oldest go first), emptied for a member the
 * moment this instance hears that something of theirs changed (LISTEN/NOTIFY, modules/events)
 * or serves them a write. Served to reads (GET) only: a write always asks the database.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; until: number; owner: string }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` under `key` for whoever `owner` is (a member id), until `now + ttl` or `until`, whichever is first. */
  set(key: string, owner: string, value: V, now: number, until = Number.POSITIVE_INFINITY): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, owner, until: Math.min(now + this.ttlMs, until) });
  }

  /** Forgets everything kept for `owner`. */
  forget(owner: string): void {
    for (const [key, entry] of this.entries) if (entry.owner === owner) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
