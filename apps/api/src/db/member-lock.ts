import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Per-member locks for the caps that count a member's rows (ARCHITECTURE.md rule 13): the count
 * and the write that may go past it run under the same transaction-scoped advisory lock, so two
 * requests of the same member count one after the other and a cap cannot be overrun by a burst.
 * Advisory locks take no row locks: they never wait on, or make wait, the rows other actions
 * touch (foreign keys to `users` included), and the lock ends with the transaction. Each cap has
 * its own space, so one kind of request never queues behind another.
 */
export const MEMBER_LOCK_SPACES = {
  /** Passkeys (accounts/passkeys.ts): at most MAX_PASSKEYS. */
  passkeys: 727_274_901,
  /** Open withdrawals (withdrawals/sql/withdrawal_request.sql takes it there) and the bank accounts they are paid to. */
  payouts: 727_274_702,
  /** Uploaded images (content/content.ts): the uploader's daily quota. */
  uploads: 727_274_902,
} as const;

export async function lockMember(tx: Tx, space: keyof typeof MEMBER_LOCK_SPACES, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_LOCK_SPACES[space]}, hashtext(${userId}::text))`);
}
