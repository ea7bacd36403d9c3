import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rateLimitCounters } from '../../../db/schema/index';
import type { AttemptGrant, CounterState, RateLimitStore } from './store';

/** Counters in the `rate_limit_counters` table (the default store). */
export class DatabaseRateLimitStore implements RateLimitStore {
  readonly kind = 'database' as const;
  private hitsSinceSweep = 0;
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number, now: Date): Promise<CounterState> {
    const resetAt = new Date(now.getTime() + windowMs);
    const expired = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
    // Old windows are dead weight; sweep now and then instead of on every hit.
    if (++this.hitsSinceSweep >= 500) {
      this.hitsSinceSweep = 0;
      await this.db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, now));
    }
    return { count: row!.count, resetAt: new Date(row!.resetAt) };
  }

  async peek(key: string, now: Date): Promise<CounterState | null> {
    const [row] = await this.db
      .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, now)));
    return row ? { count: row.count, resetAt: new Date(row.resetAt) } : null;
  }

  async release(key: string, now: Date): Promise<void> {
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, now)));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  }

  async begin(key: string, max: number, windowMs: number, now: Date): Promise<AttemptGrant> {
    const expired = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
    // Granted only when the row's window is over, or it has room for one more attempt being judged.
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, count: 0, pending: 1, resetAt: new Date(now.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then 0 else ${rateLimitCounters.count} end`,
          pending: sql`case when ${expired} then 1 else ${rateLimitCounters.pending} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
        setWhere: sql`${expired} or (${rateLimitCounters.count} < ${max} and ${rateLimitCounters.count} + ${rateLimitCounters.pending} < ${max})`,
      })
      .returning({ resetAt: rateLimitCounters.resetAt });
    if (row) return { outcome: 'granted', resetAt: new Date(row.resetAt) };
    const state = await this.peek(key, now);
    if (!state) return this.begin(key, max, windowMs, now);
    return { outcome: state.count >= max ? 'full' : 'busy', resetAt: state.resetAt };
  }

  async settle(key: string, grantResetAt: Date, failed: boolean, windowMs: number, now: Date): Promise<void> {
    const sameWindow = sql`${rateLimitCounters.resetAt} = ${grantResetAt.toISOString()}::timestamptz`;
    if (!failed) {
      await this.db
        .update(rateLimitCounters)
        .set({ pending: sql`greatest(${rateLimitCounters.pending} - 1, 0)` })
        .where(and(eq(rateLimitCounters.key, key), sameWindow));
      return;
    }
    // A failure counts even if its window ended meanwhile (then it opens the next one).
    const expired = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
    await this.db
      .insert(rateLimitCounters)
      .values({ key, count: 1, pending: 0, resetAt: new Date(now.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          pending: sql`case when ${expired} then 0 when ${sameWindow} then greatest(${rateLimitCounters.pending} - 1, 0) else ${rateLimitCounters.pending} end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      });
  }

  async close(): Promise<void> {}
}
