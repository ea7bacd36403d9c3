import type { z } from 'zod';
import {
  PAYOUT_FILE_ROWS_MAX,
  type AdminWithdrawal,
  type listPayoutFilesQuerySchema,
  type listPayoutQueueQuerySchema,
  type PayoutFile,
  type SentForApproval,
  type UpdateWithdrawalSettingsBody,
  type WithdrawalSettings,
} from '@orchard/shared';
import { minorToDecimalString } from '@orchard/shared/money';
import type { Tx } from '../../db/client';
import { notFound } from '../../errors';
import { LEDGER_CEILINGS, minorUnitDigits, withTransaction } from '../../ledger/index';
import { csvLine } from '../../lib/csv';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { assertMayActOn, assertMayActOnFacts } from '../accounts/index';
import * as approvals from '../approvals/index';
import { type ConsoleActor, noteConsoleActionRecorded, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { peopleOf, toAdminWithdrawalView, toPayoutFileView } from './views';
import { callWithdrawalFunction, limitOf, withdrawalNotFound } from './withdrawals';

const payoutFileNotFound = () => notFound('No such payout file.');

/**
 * The payout queue: `open` (the default) is pending and processing together, oldest first; a
 * single state of those two likewise; a final state (paid, rejected, cancelled) newest first.
 * With a count of the same filter.
 */
export async function listPayoutQueue(
  deps: ServiceDeps,
  query: z.infer<typeof listPayoutQueueQuerySchema>,
): Promise<{ items: AdminWithdrawal[]; nextCursor: string | null; total: number }> {
  const status = query.status ?? 'open';
  const limit = limitOf(query.limit);
  const oldestFirst = status === 'open' || status === 'pending' || status === 'processing';
  const [rows, total] = await Promise.all([
    repo.listWithdrawals(deps.db, { status }, { cursor: decodeCursor(query.cursor), limit, oldestFirst }),
    repo.countWithdrawals(deps.db, { status }),
  ]);
  const page = rows.slice(0, limit);
  const names = await repo.displayNames(deps.db, peopleOf(page));
  return {
    items: page.map((row) => toAdminWithdrawalView(row, names)),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
    total,
  };
}

/**
 * The full bank details of one withdrawal, to pay it by hand: one call of withdrawal_reveal
 * (sql/withdrawal_reveal.sql), which audits every reveal and moves a pending withdrawal to
 * processing (its member can no longer cancel money that may be on its way).
 */
export async function revealPayoutDetails(deps: ServiceDeps, actor: ConsoleActor, id: string) {
  if (!isUuid(id)) throw withdrawalNotFound();
  const current = await repo.findWithdrawal(deps.db, id);
  if (!current) throw withdrawalNotFound();
  // Who may pay it may see where to: never one's own, and support or finance a member's only.
  await assertMayActOn(deps.db, actor, 'withdrawal', current.userId);
  const { withdrawal: row } = await callWithdrawalFunction(() => repo.revealWithdrawal(deps.db, { id, actor, at: deps.clock.now() }));
  noteConsoleActionRecorded(actor);
  const account = row.accountSnapshot;
  return {
    holderName: account.holderName,
    bankName: account.bankName,
    country: account.country,
    number: account.number,
    numberKind: account.numberKind,
    net: row.net,
    currency: row.currency,
  };
}

/**
 * Puts a processing withdrawal back in the queue (processing → pending) with a reason: one call of
 * withdrawal_requeue (sql/withdrawal_requeue.sql), audited. One already pending comes back as it
 * is; one in a final state is a 409.
 */
export async function requeueWithdrawal(deps: ServiceDeps, actor: ConsoleActor, id: string, reason: string): Promise<AdminWithdrawal> {
  if (!isUuid(id)) throw withdrawalNotFound();
  const { withdrawal, replayed, displayName } = await callWithdrawalFunction(() =>
    repo.requeueWithdrawal(deps.db, { id, actor, reason, at: deps.clock.now() }),
  );
  if (!replayed) noteConsoleActionRecorded(actor);
  return toAdminWithdrawalView(withdrawal, new Map([[withdrawal.userId, displayName]]));
}

/**
 * Pays or rejects a pending or processing withdrawal: one call of withdrawal_settle_audited
 * (sql/withdrawal_settle_audited.sql), the settlement and its audit row. The same outcome again (a
 * double click) returns it as it is and audits nothing new; any other outcome after one is a 409.
 * Settling never meets the configured limits (they are for new money): the ceilings are passed.
 */
export async function settle(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string,
  outcome: 'paid' | 'rejected',
  text: { payoutReference?: string; reason?: string },
  approval?: { approvedBy: string; approvalId: string },
): Promise<{ view: AdminWithdrawal; replayed: boolean }> {
  if (!isUuid(id)) throw withdrawalNotFound();
  // Whose withdrawal it is never changes: the check needs no lock. Nobody settles their own.
  const owner = await repo.findWithdrawalOwner(deps.db, id);
  if (!owner) throw withdrawalNotFound();
  assertMayActOnFacts(actor, 'withdrawal', owner);
  const { withdrawal, replayed, displayName } = await callWithdrawalFunction(() =>
    repo.settleWithdrawalAudited(deps.db, {
      id,
      outcome,
      actor,
      payoutReference: text.payoutReference ?? null,
      reason: text.reason ?? null,
      at: deps.clock.now(),
      limits: LEDGER_CEILINGS,
      approval,
    }),
  );
  if (!replayed) noteConsoleActionRecorded(actor);
  // The member's name came with the settlement; only whoever sent it to the bank is read here.
  const names = await repo.displayNames(
    deps.db,
    peopleOf([withdrawal]).filter((person) => person !== withdrawal.userId),
  );
  names.set(withdrawal.userId, displayName);
  return { view: toAdminWithdrawalView(withdrawal, names), replayed };
}

export const payWithdrawal = async (deps: ServiceDeps, actor: ConsoleActor, id: string, payoutReference: string) =>
  (await settle(deps, actor, id, 'paid', { payoutReference })).view;

export const rejectWithdrawal = async (deps: ServiceDeps, actor: ConsoleActor, id: string, reason: string) =>
  (await settle(deps, actor, id, 'rejected', { reason })).view;

function toSettingsView(row: repo.WithdrawalSettingsRow): WithdrawalSettings {
  return {
    enabled: row.enabled,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    dailyMax: row.dailyMax,
    feeFixed: row.feeFixed,
    feeBp: row.feeBp,
    cooldownHours: row.cooldownHours,
    payoutBusinessDays: row.payoutBusinessDays,
  };
}

export async function getWithdrawalSettings(deps: ServiceDeps): Promise<WithdrawalSettings> {
  return toSettingsView(await repo.readSettings(deps.db));
}

export async function updateWithdrawalSettings(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: UpdateWithdrawalSettingsBody,
): Promise<{ settings: WithdrawalSettings; sent?: undefined } | { sent: SentForApproval; replayed: boolean }> {
  const before = await getWithdrawalSettings(deps);
  const after = { ...body, payoutBusinessDays: body.payoutBusinessDays ?? before.payoutBusinessDays };
  const asked = await approvals.requestSettingsChange(deps, actor, 'withdrawal_settings', { before, after });
  if (asked) return { sent: { approval: asked.approval }, replayed: asked.replayed };
  return { settings: await withTransaction(deps.db, (tx) => writeWithdrawalSettings(tx, deps, actor, after)) };
}

/** The settings written and audited with before and after (and the approver, when a second person approved it). */
async function writeWithdrawalSettings(
  tx: Tx,
  deps: ServiceDeps,
  actor: ConsoleActor,
  after: WithdrawalSettings,
  approval?: { approvedBy: string; approvalId: string; before: WithdrawalSettings },
): Promise<WithdrawalSettings> {
  const now = deps.clock.now();
  const before = toSettingsView(await repo.readSettings(tx));
  if (approval) approvals.assertSettingsUnchanged(before, approval.before);
  const written = toSettingsView(await repo.updateSettings(tx, { ...after, updatedAt: now, updatedBy: actor.operatorId }));
  await recordConsoleAction(tx, actor, {
    action: 'withdrawal.settings',
    subjectType: 'withdrawal_settings',
    subjectId: 'withdrawal_settings',
    detail: { before, after: written, ...(approval ? { approvedBy: approval.approvedBy, approvalId: approval.approvalId } : {}) },
    at: now,
  });
  return written;
}

/** A change of the withdrawal settings a second person approved (modules/approvals): written in the requester's name. */
export const withdrawalSettingsApproval: approvals.ApprovalAction = {
  permission: 'withdrawals',
  apply: async (tx, deps, request, approver) => {
    const { before, after } = request.payload as { before: WithdrawalSettings; after: WithdrawalSettings };
    const requester = { ...approver, operatorId: request.requestedBy };
    await writeWithdrawalSettings(tx, deps, requester, after, { approvedBy: approver.operatorId, approvalId: request.id, before });
    return { transactionId: null };
  },
};

// ---------------------------------------------------------------- bank files

/**
 * The payout file for the bank: one call of withdrawal_export (sql/withdrawal_export.sql) takes the
 * oldest pending withdrawals (at most PAYOUT_FILE_ROWS_MAX), moves them to processing and keeps
 * the file as a record, audited. Its CSV is then downloaded by its id (payoutFileCsv), as often
 * as needed, with the same rows. Nothing pending: a 409, no empty file.
 */
export async function exportPayoutFile(deps: ServiceDeps, actor: ConsoleActor): Promise<PayoutFile> {
  const file = await callWithdrawalFunction(() =>
    repo.exportPayoutFile(deps.db, { actor, currency: deps.config.CURRENCY, limit: PAYOUT_FILE_ROWS_MAX, at: deps.clock.now() }),
  );
  noteConsoleActionRecorded(actor);
  return toPayoutFileView(file, await repo.displayNames(deps.db, [file.createdBy]));
}

/** The payout files, newest first. */
export async function listPayoutFiles(
  deps: ServiceDeps,
  query: z.infer<typeof listPayoutFilesQuerySchema>,
): Promise<{ items: PayoutFile[]; nextCursor: string | null }> {
  const limit = limitOf(query.limit);
  const rows = await repo.listPayoutFiles(deps.db, { cursor: decodeCursor(query.cursor), limit });
  const page = rows.slice(0, limit);
  const names = await repo.displayNames(deps.db, [...new Set(page.map((row) => row.createdBy))]);
  return {
    items: page.map((row) => toPayoutFileView(row, names)),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

const PAYOUT_FILE_HEADER = 'withdrawal_id,member,holder_name,bank_name,country,account_number,amount_to_pay,currency,requested_at';

/**
 * A payout file's CSV for the bank, the same rows however often it is downloaded: each line as the
 * file sent it (member name, amount), with the withdrawal's account snapshot (which never changes).
 * Full account numbers, so every download is audited like a reveal.
 */
export async function payoutFileCsv(deps: ServiceDeps, actor: ConsoleActor, id: string): Promise<{ file: PayoutFile; csv: string }> {
  if (!isUuid(id)) throw payoutFileNotFound();
  const file = await repo.findPayoutFile(deps.db, id);
  if (!file) throw payoutFileNotFound();
  const lines = await repo.payoutFileLines(deps.db, id);
  await recordConsoleAction(deps.db, actor, {
    action: 'payout_file.download',
    subjectType: 'payout_file',
    subjectId: id,
    detail: { count: lines.length },
    at: deps.clock.now(),
  });
  const body = lines.map(({ line, withdrawal }) =>
    csvLine([
      withdrawal.id,
      line.memberName,
      withdrawal.accountSnapshot.holderName,
      withdrawal.accountSnapshot.bankName,
      withdrawal.accountSnapshot.country,
      withdrawal.accountSnapshot.number,
      minorToDecimalString(line.amount, minorUnitDigits(line.currency)),
      line.currency,
      withdrawal.createdAt.toISOString(),
    ]),
  );
  const names = await repo.displayNames(deps.db, [file.createdBy]);
  return { file: toPayoutFileView(file, names), csv: `${[PAYOUT_FILE_HEADER, ...body].join('\r\n')}\r\n` };
}
