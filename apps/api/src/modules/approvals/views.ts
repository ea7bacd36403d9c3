import { type ApprovalRequest, roleHasPermission } from '@orchard/shared';
import { minorUnitDigits } from '../../ledger/index';
import type { ConsoleActor } from '../audit/index';
import { actionOf } from './kinds';
import type { RequestRow } from './repository';

const iso = (value: Date | string) => new Date(value).toISOString();
const person = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

type Payload = {
  direction?: 'credit' | 'debit';
  amount?: number;
  reason?: string;
  purchaseId?: string;
  planName?: string;
  csv?: string;
  rows?: number;
  before?: Record<string, number | boolean>;
  after?: Record<string, number | boolean>;
};

/** What the request would do, in its kind's own fields (the others null). */
function detailsOf(
  row: RequestRow,
): Pick<ApprovalRequest, 'adjustment' | 'refundOverride' | 'payoutResults' | 'settingsChange' | 'secondFactorReset'> {
  const payload = row.payload as Payload;
  return {
    adjustment:
      row.kind === 'adjustment' && payload.direction && payload.amount !== undefined
        ? { direction: payload.direction, amount: payload.amount, reason: payload.reason ?? '' }
        : null,
    refundOverride:
      row.kind === 'refund_override' && payload.purchaseId
        ? { purchaseId: payload.purchaseId, planName: payload.planName ?? '', reason: payload.reason ?? '' }
        : null,
    secondFactorReset: row.kind === 'second_factor_reset' ? { reason: payload.reason ?? '' } : null,
    settingsChange: payload.before && payload.after ? { before: payload.before, after: payload.after } : null,
    payoutResults: row.kind === 'payout_results' && payload.csv !== undefined ? { csv: payload.csv, rows: payload.rows ?? 0 } : null,
  };
}

/** A request as the console shows it to `viewer`: what it would do, who asked, who decided, and whether the viewer may decide it. */
export function toApprovalView(row: RequestRow, viewer: ConsoleActor, now: Date): ApprovalRequest {
  const waiting = row.status === 'requested' && new Date(row.expires_at) > now;
  return {
    id: row.id,
    kind: row.kind,
    state: row.status === 'requested' && !waiting ? 'expired' : row.status,
    amount: Number(row.amount),
    currency: row.currency,
    fractionDigits: minorUnitDigits(row.currency),
    subject: person(row.subject_user_id, row.subject_name),
    ...detailsOf(row),
    requestedBy: person(row.requested_by, row.requested_by_name)!,
    requestedAt: iso(row.requested_at),
    expiresAt: iso(row.expires_at),
    decidedBy: person(row.decided_by, row.decided_by_name),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    reason: row.reason,
    transactionId: row.transaction_id === null ? null : String(row.transaction_id),
    canDecide:
      waiting &&
      row.requested_by !== viewer.operatorId &&
      roleHasPermission(viewer.role, 'approvals') &&
      roleHasPermission(viewer.role, actionOf(row.kind).permission),
  };
}
