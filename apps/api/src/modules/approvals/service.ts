import { randomUUID } from 'node:crypto';
import {
  type ApprovalKind,
  type ApprovalRequest,
  type ApprovalSettings,
  roleHasPermission,
  type UpdateApprovalSettingsBody,
} from '@orchard/shared';
import type { Tx } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { ledgerRefusalError, limitErrorOf, minorUnitDigits, moneyRefusalOf, withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { assertMayActOn } from '../accounts/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import { actionOf, kindsFor } from './kinds';
import * as repo from './repository';
import { toApprovalView } from './views';

/** Whether an action moving `amount` (minor units) needs a second person now. */
export async function needsApproval(deps: ServiceDeps, amount: number, db: Tx | ServiceDeps['db'] = deps.db): Promise<boolean> {
  const { threshold } = await repo.readSettings(db);
  return threshold !== null && amount > Number(threshold);
}

/** Whether two-person approval is on (a threshold is set): then every change to a money setting needs it. */
export async function approvalOn(deps: ServiceDeps): Promise<boolean> {
  return (await repo.readSettings(deps.db)).threshold !== null;
}

export interface ApprovalAsk {
  kind: ApprovalKind;
  payload: Record<string, unknown>;
  amount: number;
  subjectUserId: string | null;
  /** The requester's Idempotency-Key: the same ask again returns the same request. */
  key: string;
  /**
   * An action without an Idempotency-Key (a settings change, a result file), keyed by its content:
   * the same ask returns the same request only while it waits; once decided or expired, asking
   * again is a new request (its key gets the new request's id).
   */
  whileWaiting?: boolean;
  /** What the request's audit row says of the payload when the payload is too big for it (a result file: its digest, not its text). */
  auditDetail?: Record<string, unknown>;
}

/** A value with its object keys sorted, at every depth (jsonb keeps keys in its own order). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** Whether two payloads are the same, whatever the order of their keys. */
export const samePayload = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Whether a stored request is this ask. */
function sameAsk(row: repo.RequestRow, ask: ApprovalAsk): boolean {
  return (
    row.kind === ask.kind &&
    row.subject_user_id === ask.subjectUserId &&
    Number(row.amount) === ask.amount &&
    samePayload(row.payload, ask.payload)
  );
}

/**
 * Records an action over the threshold as a request for a second person, audited, instead of doing
 * it. The same requester's key again gives the same request back (`replayed`); the key with other
 * details is a 422 IDEMPOTENCY_KEY_REUSED.
 */
export async function requestApproval(
  deps: ServiceDeps,
  actor: ConsoleActor,
  ask: ApprovalAsk,
): Promise<{ approval: ApprovalRequest; replayed: boolean }> {
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const { expires_after_hours } = await repo.readSettings(tx);
    const id = randomUUID();
    if (ask.whileWaiting) await repo.lockAsk(tx, actor.operatorId, ask.key);
    const waiting = ask.whileWaiting ? await repo.findWaitingByKeyPrefix(tx, actor.operatorId, `${ask.key}:`) : undefined;
    if (waiting && sameAsk(waiting, ask)) return { approval: toApprovalView(waiting, actor, at), replayed: true };
    const key = ask.whileWaiting ? `${ask.key}:${id}` : ask.key;
    const created = await repo.insertRequest(tx, {
      id,
      kind: ask.kind,
      payload: ask.payload,
      amount: ask.amount,
      currency: deps.config.CURRENCY,
      subjectUserId: ask.subjectUserId,
      requestedBy: actor.operatorId,
      requestKey: key,
      at,
      expiresAt: new Date(at.getTime() + expires_after_hours * 3_600_000),
    });
    const row = (await repo.findByKey(tx, actor.operatorId, key))!;
    if (!created) {
      if (!sameAsk(row, ask)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return { approval: toApprovalView(row, actor, at), replayed: true };
    }
    await recordConsoleAction(tx, actor, {
      action: `approval.request.${ask.kind}`,
      subjectType: 'approval_request',
      subjectId: id,
      detail: { ...(ask.auditDetail ?? ask.payload), amount: ask.amount, subjectUserId: ask.subjectUserId },
      at,
    });
    return { approval: toApprovalView(row, actor, at), replayed: false };
  });
}

/** Marks the requests past their expiry (the job, and before every read and decision). */
export async function expireDueApprovals(deps: ServiceDeps): Promise<number> {
  return repo.expireDue(deps.db, deps.clock.now());
}

export async function listApprovals(deps: ServiceDeps, actor: ConsoleActor, state: ApprovalRequest['state'] | 'waiting' | 'mine') {
  await expireDueApprovals(deps);
  const rows = await repo.listRequests(deps.db, state, actor.operatorId);
  const at = deps.clock.now();
  return { items: rows.map((row) => toApprovalView(row, actor, at)) };
}

export async function getApproval(deps: ServiceDeps, actor: ConsoleActor, id: string): Promise<ApprovalRequest> {
  await expireDueApprovals(deps);
  const row = await repo.findRequest(deps.db, id);
  if (!row) throw new AppError('APPROVAL_NOT_FOUND');
  return toApprovalView(row, actor, deps.clock.now());
}

/** How many requests wait for this person: others' requests of kinds their role may approve. */
export async function approvalsWaiting(deps: ServiceDeps, actor: ConsoleActor): Promise<{ count: number }> {
  await expireDueApprovals(deps);
  return { count: await repo.countWaitingFor(deps.db, actor.operatorId, kindsFor(actor.role)) };
}

/** The request locked, and refused unless this person may decide it now. `null`: this person decided it so already (a retry). */
async function lockForDecision(tx: Tx, actor: ConsoleActor, id: string, at: Date, retryState: 'applied' | 'rejected') {
  const row = await repo.lockRequest(tx, id);
  if (!row) throw new AppError('APPROVAL_NOT_FOUND');
  if (row.requested_by === actor.operatorId) throw new AppError('APPROVAL_OWN_REQUEST');
  const action = actionOf(row.kind);
  if (!roleHasPermission(actor.role, action.permission)) throw forbidden('Your console role may not approve this kind of request.');
  if (row.status !== 'requested') {
    const retried =
      row.decided_by === actor.operatorId && (row.status === retryState || (retryState === 'applied' && row.status === 'failed'));
    if (retried) return { row, action, retried: true };
    throw new AppError(row.status === 'expired' ? 'APPROVAL_EXPIRED' : 'APPROVAL_DECIDED');
  }
  if (new Date(row.expires_at) <= at) throw new AppError('APPROVAL_EXPIRED');
  if (action.accountAction && row.subject_user_id) await assertMayActOn(tx, actor, action.accountAction, row.subject_user_id);
  return { row, action, retried: false };
}

/** A refusal of the approved action itself (a 4xx of its rules, a money refusal, a limit), or undefined. */
function actionRefusalOf(error: unknown): AppError | undefined {
  const mapped = limitErrorOf(error) ?? ledgerRefusalError(moneyRefusalOf(error)) ?? (error instanceof AppError ? error : undefined);
  return mapped && mapped.statusCode < 500 ? mapped : undefined;
}

/**
 * A second person approves: in one transaction that locks the request, the same action runs (its
 * money keyed `approval:<id>`), the request becomes `applied` with the ledger transaction, and the
 * decision is audited with both names. Two approvers at once: one effect, the other a 409. The same
 * approver again: the request as it is (idempotent). An action its own rules refuse (the balance
 * went below the debit since) leaves the request `failed` with the reason, audited, and nothing moved.
 */
export async function approve(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string,
): Promise<{ approval: ApprovalRequest; replayed: boolean }> {
  await expireDueApprovals(deps);
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const { row, action, retried } = await lockForDecision(tx, actor, id, at, 'applied');
    if (retried) return { approval: toApprovalView(row, actor, at), replayed: true };
    const request = { id, payload: row.payload, subjectUserId: row.subject_user_id, requestedBy: row.requested_by };
    let outcome: { status: 'applied' | 'failed'; transactionId: string | null; reason: string | null };
    try {
      // A savepoint: a refused action rolls back alone, and the request records why.
      const applied = await tx.transaction((savepoint) => action.apply(savepoint, deps, request, actor));
      outcome = { status: 'applied', transactionId: applied.transactionId, reason: null };
    } catch (error) {
      const refusal = actionRefusalOf(error);
      if (!refusal) throw error;
      outcome = { status: 'failed', transactionId: null, reason: `${refusal.code}: ${refusal.message}`.slice(0, 500) };
    }
    await repo.markDecided(tx, id, { ...outcome, decidedBy: actor.operatorId, at });
    await recordConsoleAction(tx, actor, {
      action: outcome.status === 'applied' ? 'approval.approve' : 'approval.failed',
      subjectType: 'approval_request',
      subjectId: id,
      detail: {
        kind: row.kind,
        requestedBy: row.requested_by,
        approvedBy: actor.operatorId,
        amount: Number(row.amount),
        transactionId: outcome.transactionId,
        reason: outcome.reason,
      },
      at,
    });
    return { approval: toApprovalView((await repo.findRequest(tx, id))!, actor, at), replayed: false };
  });
}

/** A second person rejects, with a reason (audited); the same person again gets the request as it is. */
export async function reject(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string,
  reason: string,
): Promise<{ approval: ApprovalRequest; replayed: boolean }> {
  await expireDueApprovals(deps);
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const { row, retried } = await lockForDecision(tx, actor, id, at, 'rejected');
    if (retried) return { approval: toApprovalView(row, actor, at), replayed: true };
    await repo.markDecided(tx, id, { status: 'rejected', decidedBy: actor.operatorId, at, reason, transactionId: null });
    await recordConsoleAction(tx, actor, {
      action: 'approval.reject',
      subjectType: 'approval_request',
      subjectId: id,
      detail: { kind: row.kind, requestedBy: row.requested_by, rejectedBy: actor.operatorId, reason },
      at,
    });
    return { approval: toApprovalView((await repo.findRequest(tx, id))!, actor, at), replayed: false };
  });
}

function settingsView(deps: ServiceDeps, row: repo.SettingsRow): ApprovalSettings {
  const currency = deps.config.CURRENCY;
  return {
    threshold: row.threshold === null ? null : Number(row.threshold),
    currency,
    fractionDigits: minorUnitDigits(currency),
    expiresAfterHours: row.expires_after_hours,
  };
}

export async function approvalSettings(deps: ServiceDeps): Promise<ApprovalSettings> {
  return settingsView(deps, await repo.readSettings(deps.db));
}

/** Changes the threshold and the expiry, audited with before and after. */
export async function updateApprovalSettings(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: UpdateApprovalSettingsBody,
): Promise<ApprovalSettings> {
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const before = settingsView(deps, await repo.lockSettings(tx));
    await repo.writeSettings(tx, { threshold: body.threshold, expiresAfterHours: body.expiresAfterHours, by: actor.operatorId, at });
    const after = { ...before, threshold: body.threshold, expiresAfterHours: body.expiresAfterHours };
    await recordConsoleAction(tx, actor, {
      action: 'approval.settings',
      subjectType: 'approval_settings',
      subjectId: 'approval_settings',
      detail: { before: { threshold: before.threshold, expiresAfterHours: before.expiresAfterHours }, after: body },
      at,
    });
    return after;
  });
}
