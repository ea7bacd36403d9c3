import type { z } from 'zod';
import {
  PAYOUT_FILE_ROWS_MAX,
  payWithdrawalBodySchema,
  rejectWithdrawalBodySchema,
  type AdminWithdrawal,
  type ImportPayoutResultsBody,
  type listWithdrawalsQuerySchema,
  type PayoutImportResult,
  type payoutImportRowSchema,
  type UpdateWithdrawalSettingsBody,
  type WithdrawalSettings,
} from '@orchard/shared';
import { minorToDecimalString } from '@orchard/shared/money';
import { AppError } from '../../errors';
import { ledgerLimits, minorUnitDigits, withTransaction } from '../../ledger/index';
import { csvLine, parseCsv } from '../../lib/csv';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { assertMayActOn } from '../admin/account-policy';
import { noteConsoleActionRecorded, recordConsoleAction, type ConsoleActor } from '../audit/console';
import * as repo from './repository';
import { toAdminWithdrawalView } from './views';
import { callWithdrawalFunction, limitOf, withdrawalNotFound } from './withdrawals';

/** The payout queue (pending, oldest first) or any other status (newest first), with a count. */
export async function listPayoutQueue(
  deps: ServiceDeps,
  query: z.infer<typeof listWithdrawalsQuerySchema>,
): Promise<{ items: AdminWithdrawal[]; nextCursor: string | null; total: number }> {
  const status = query.status ?? 'pending';
  const limit = limitOf(query.limit);
  const oldestFirst = status === 'pending';
  const [rows, total] = await Promise.all([
    repo.listWithdrawals(deps.db, { status }, { cursor: decodeCursor(query.cursor), limit, oldestFirst }),
    repo.countWithdrawals(deps.db, { status }),
  ]);
  const page = rows.slice(0, limit);
  const names = await repo.displayNames(deps.db, [...new Set(page.map((row) => row.userId))]);
  return {
    items: page.map((row) => toAdminWithdrawalView(row, names)),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
    total,
  };
}

/** The full bank details of one withdrawal, to pay it: every reveal is written to the audit log. */
export async function revealPayoutDetails(deps: ServiceDeps, actor: ConsoleActor, id: string) {
  if (!isUuid(id)) throw withdrawalNotFound();
  return withTransaction(deps.db, async (tx) => {
    const row = await repo.findWithdrawal(tx, id);
    if (!row) throw withdrawalNotFound();
    // Who may pay it may see where to: never one's own, and support or finance a member's only.
    await assertMayActOn(tx, actor, 'withdrawal', row.userId);
    await recordConsoleAction(tx, actor, {
      action: 'withdrawal.reveal_account',
      subjectType: 'withdrawal',
      subjectId: id,
      detail: { member: row.userId },
      at: deps.clock.now(),
    });
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
  });
}

/**
 * Pays or rejects a pending withdrawal: one call of withdrawal_settle_audited (sql/withdrawal_settle_audited.sql),
 * the settlement and its audit row. The same outcome again (a double click) returns it as it is
 * and audits nothing new; any other outcome after one is a 409.
 */
async function settle(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string,
  outcome: 'paid' | 'rejected',
  text: { payoutReference?: string; reason?: string },
): Promise<{ view: AdminWithdrawal; replayed: boolean }> {
  if (!isUuid(id)) throw withdrawalNotFound();
  // Whose withdrawal it is never changes: the check needs no lock. Nobody settles their own.
  const owner = await repo.findWithdrawal(deps.db, id);
  if (!owner) throw withdrawalNotFound();
  await assertMayActOn(deps.db, actor, 'withdrawal', owner.userId);
  const { withdrawal, replayed, displayName } = await callWithdrawalFunction(() =>
    repo.settleWithdrawalAudited(deps.db, {
      id,
      outcome,
      actor,
      payoutReference: text.payoutReference ?? null,
      reason: text.reason ?? null,
      at: deps.clock.now(),
      limits: ledgerLimits(deps.config),
    }),
  );
  if (!replayed) noteConsoleActionRecorded(actor);
  return { view: toAdminWithdrawalView(withdrawal, new Map([[withdrawal.userId, displayName]])), replayed };
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
): Promise<WithdrawalSettings> {
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const before = toSettingsView(await repo.readSettings(tx));
    const values = { ...body, payoutBusinessDays: body.payoutBusinessDays ?? before.payoutBusinessDays };
    const after = toSettingsView(await repo.updateSettings(tx, { ...values, updatedAt: now, updatedBy: actor.operatorId }));
    await recordConsoleAction(tx, actor, {
      action: 'withdrawal.settings',
      subjectType: 'withdrawal_settings',
      subjectId: 'withdrawal_settings',
      detail: { before, after },
      at: now,
    });
    return after;
  });
}

// ---------------------------------------------------------------- bank files

/**
 * The pending withdrawals as a CSV for the bank (oldest first, at most PAYOUT_FILE_ROWS_MAX):
 * full account numbers, so the export is audited like a reveal.
 */
export async function exportPayoutsCsv(deps: ServiceDeps, actor: ConsoleActor): Promise<string> {
  const rows = await repo.listWithdrawals(deps.db, { status: 'pending' }, { limit: PAYOUT_FILE_ROWS_MAX - 1, oldestFirst: true });
  const names = await repo.displayNames(deps.db, [...new Set(rows.map((row) => row.userId))]);
  await recordConsoleAction(deps.db, actor, {
    action: 'withdrawal.export',
    subjectType: 'withdrawal',
    subjectId: 'pending',
    detail: { count: rows.length },
    at: deps.clock.now(),
  });
  const header = 'withdrawal_id,member,holder_name,bank_name,country,account_number,amount_to_pay,currency,requested_at';
  const lines = rows.map((row) =>
    csvLine([
      row.id,
      names.get(row.userId) ?? '',
      row.accountSnapshot.holderName,
      row.accountSnapshot.bankName,
      row.accountSnapshot.country,
      row.accountSnapshot.number,
      minorToDecimalString(row.net, minorUnitDigits(row.currency)),
      row.currency,
      row.createdAt.toISOString(),
    ]),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

type ImportRow = z.infer<typeof payoutImportRowSchema>;
const IMPORT_HEADER = ['withdrawal_id', 'outcome', 'reference'];

function fileError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', 400, 'Some fields need attention.', { csv: message });
}

/**
 * Reads the bank's result file and, with `apply`, settles each pending withdrawal it names (one
 * withdrawal_settle call and its audit row per row). Rows already settled the same way are
 * "unchanged", so the same file twice (even at once, on two instances) settles each once.
 */
export async function importPayoutResults(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: ImportPayoutResultsBody,
): Promise<PayoutImportResult> {
  const table = parseCsv(body.csv, PAYOUT_FILE_ROWS_MAX + 1);
  if (!table) throw fileError(`This is not a CSV file of at most ${PAYOUT_FILE_ROWS_MAX} rows.`);
  const [header, ...data] = table;
  if (!header || header.map((cell) => cell.trim().toLowerCase()).join(',') !== IMPORT_HEADER.join(',')) {
    throw fileError(`The first line must be: ${IMPORT_HEADER.join(',')}`);
  }
  if (data.length === 0) throw fileError('The file has no rows after the header.');
  const rows: ImportRow[] = [];
  for (const [index, cells] of data.entries()) {
    const [withdrawalId = '', outcome = '', reference = ''] = cells.map((cell) => cell.trim());
    const row: ImportRow = { line: index + 2, withdrawalId, outcome, reference, result: 'error', message: null };
    rows.push(row);
    const textRule = outcome === 'paid' ? payWithdrawalBodySchema.shape.payoutReference : rejectWithdrawalBodySchema.shape.reason;
    if (cells.length !== 3) row.message = 'Each row has three cells: withdrawal_id, outcome, reference.';
    else if (!isUuid(withdrawalId)) row.message = 'This is not a withdrawal id of this platform.';
    else if (outcome !== 'paid' && outcome !== 'rejected') row.message = 'The outcome is paid or rejected.';
    else if (!textRule.safeParse(reference).success)
      row.message =
        outcome === 'paid'
          ? 'A paid row needs the payout reference (1–100 characters).'
          : 'A rejected row needs a reason (3–500 characters).';
    if (row.message) continue;
    const current = await repo.findWithdrawal(deps.db, withdrawalId);
    if (!current) {
      row.message = 'No such withdrawal.';
      continue;
    }
    const done = current.status === outcome && (outcome !== 'paid' || current.payoutReference === reference);
    if (done) {
      row.result = 'unchanged';
      continue;
    }
    if (current.status !== 'pending') {
      row.message = `This withdrawal is ${current.status} already.`;
      continue;
    }
    // The preview says what applying would refuse: someone's own withdrawal, or one out of reach.
    try {
      await assertMayActOn(deps.db, actor, 'withdrawal', current.userId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      row.message = error.message;
      continue;
    }
    if (!body.apply) {
      row.result = outcome === 'paid' ? 'will_pay' : 'will_reject';
      continue;
    }
    const decided = outcome === 'paid' ? ('paid' as const) : ('rejected' as const);
    try {
      const { replayed } = await settle(
        deps,
        actor,
        withdrawalId,
        decided,
        decided === 'paid' ? { payoutReference: reference } : { reason: reference },
      );
      // Settled the same way by another import a moment ago: nothing moved now.
      row.result = replayed ? 'unchanged' : decided;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Settled meanwhile (another import or an operator): the same outcome counts as done.
      const after = await repo.findWithdrawal(deps.db, withdrawalId);
      const sameOutcome = after?.status === outcome && (outcome !== 'paid' || after.payoutReference === reference);
      row.result = sameOutcome ? 'unchanged' : 'error';
      row.message = sameOutcome ? null : error.message;
    }
  }
  const count = (results: ImportRow['result'][]) => rows.filter((row) => results.includes(row.result)).length;
  return {
    applied: body.apply,
    rows,
    counts: { toChange: count(['will_pay', 'will_reject', 'paid', 'rejected']), unchanged: count(['unchanged']), errors: count(['error']) },
  };
}
