import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema/index';
import type { LedgerLimits } from '../../ledger/index';
import { actorJson, type ConsoleActor } from '../audit/index';

/** The id of a user who is a member (not an operator), or undefined. */
export async function findMemberId(db: Db | Tx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
  return row && row.role === 'member' ? row.id : undefined;
}

export interface AdjustInput {
  memberId: string;
  direction: 'credit' | 'debit';
  amount: number;
  reason: string;
  /** The operator's Idempotency-Key. */
  key: string;
  actor: ConsoleActor;
  /** A second person's approval (modules/approvals): named on the ledger transaction and the audit row. */
  approval?: { approvedBy: string; approvalId: string };
  currency: string;
  at: Date;
  limits: LedgerLimits;
  /** The operator's own adjustment: over the approval threshold it moves nothing and says so. */
  gated?: boolean;
}

export type Adjusted =
  { needsApproval?: undefined; transactionId: number; created: boolean; available: number; onHold: number } | { needsApproval: true };

/**
 * One adjustment and its audit row: the database function ledger_adjust (sql/ledger_adjust.sql),
 * which also reads the approval threshold when `gated` (one round trip for both).
 */
export async function adjust(db: Db | Tx, input: AdjustInput): Promise<Adjusted> {
  const [row] = await rowsOf<{ adjusted: Adjusted }>(
    db,
    sql`select ledger_adjust(${input.memberId}::uuid, ${input.direction}, ${input.amount}::bigint, ${input.reason}, ${input.key},
          ${actorJson(input.actor, input.approval)}::jsonb, ${input.currency}::char(3), ${input.at}, ${input.limits.amountMax}::bigint,
          ${input.limits.balanceMax}::bigint, ${input.gated ?? false}) as adjusted`,
  );
  return row!.adjusted;
}
