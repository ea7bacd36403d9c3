import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  PAYOUT_FILE_ROWS_MAX,
  payWithdrawalBodySchema,
  rejectWithdrawalBodySchema,
  type ImportPayoutResultsBody,
  type PayoutImportResult,
  type payoutImportRowSchema,
  type SentForApproval,
} from '@orchard/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { parseCsv } from '../../lib/csv';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { assertMayActOn } from '../accounts/index';
import * as approvals from '../approvals/index';
import type { ConsoleActor } from '../audit/index';
import { settle } from './console';
import * as repo from './repository';
import { toPayoutFileView } from './views';

/** A second person's approval of a result file: named on each settlement's audit row. */
type Approval = { approvedBy: string; approvalId: string };

type ImportRow = z.infer<typeof payoutImportRowSchema>;
const IMPORT_HEADER = ['withdrawal_id', 'outcome', 'reference'];

function fileError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Some fields need attention.', { csv: message });
}

/** The data rows of the bank's result file, once its shape is right (a CSV, the header, some rows). */
function importTable(csv: string): string[][] {
  const table = parseCsv(csv, PAYOUT_FILE_ROWS_MAX + 1);
  if (!table) throw fileError(`This is not a CSV file of at most ${PAYOUT_FILE_ROWS_MAX} rows.`);
  const [header, ...data] = table;
  if (!header || header.map((cell) => cell.trim().toLowerCase()).join(',') !== IMPORT_HEADER.join(',')) {
    throw fileError(`The first line must be: ${IMPORT_HEADER.join(',')}`);
  }
  if (data.length === 0) throw fileError('The file has no rows after the header.');
  return data;
}

/** What is wrong with a row's cells on their own (null: nothing), before the withdrawal is looked up. */
function cellsProblem(cells: string[], { withdrawalId, outcome, reference }: ImportRow): string | null {
  const textRule = outcome === 'paid' ? payWithdrawalBodySchema.shape.payoutReference : rejectWithdrawalBodySchema.shape.reason;
  if (cells.length !== 3) return 'Each row has three cells: withdrawal_id, outcome, reference.';
  if (!isUuid(withdrawalId)) return 'This is not a withdrawal id of this platform.';
  if (outcome !== 'paid' && outcome !== 'rejected') return 'The outcome is paid or rejected.';
  if (!textRule.safeParse(reference).success) {
    return outcome === 'paid'
      ? 'A paid row needs the payout reference (1–100 characters).'
      : 'A rejected row needs a reason (3–500 characters).';
  }
  return null;
}

const settledAs = (withdrawal: repo.WithdrawalRow | undefined, { outcome, reference }: ImportRow) =>
  withdrawal?.status === outcome && (outcome !== 'paid' || withdrawal.payoutReference === reference);

/**
 * One row of a well-formed result file: what applying it would do, or (with `apply`) did. Fills in
 * `row`; returns the withdrawal's amount when the row would settle it (0 otherwise).
 */
async function importRow(deps: ServiceDeps, actor: ConsoleActor, row: ImportRow, apply: boolean, approval?: Approval): Promise<number> {
  const current = await repo.findWithdrawal(deps.db, row.withdrawalId);
  if (!current) {
    row.message = 'No such withdrawal.';
    return 0;
  }
  // The payout file that sent it, when one did: what this result file answers.
  row.payoutFileId = current.processingFileId;
  if (settledAs(current, row)) {
    row.result = 'unchanged';
    return 0;
  }
  if (current.status !== 'pending' && current.status !== 'processing') {
    row.message = `This withdrawal is ${current.status} already.`;
    return 0;
  }
  // The preview says what applying would refuse: someone's own withdrawal, or one out of reach.
  try {
    await assertMayActOn(deps.db, actor, 'withdrawal', current.userId);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    row.message = error.message;
    return 0;
  }
  if (!apply) {
    row.result = row.outcome === 'paid' ? 'will_pay' : 'will_reject';
    return Number(current.amount);
  }
  const decided = row.outcome === 'paid' ? ('paid' as const) : ('rejected' as const);
  try {
    const text = decided === 'paid' ? { payoutReference: row.reference } : { reason: row.reference };
    // Approved, the file runs inside the approving transaction: each row in a savepoint of its own,
    // so a refused row rolls back alone, as it does on its own outside.
    const { replayed } = approval
      ? await deps.db.transaction((savepoint) =>
          settle({ ...deps, db: savepoint as unknown as Db }, actor, row.withdrawalId, decided, text, approval),
        )
      : await settle(deps, actor, row.withdrawalId, decided, text);
    // Settled the same way by another import a moment ago: nothing moved now.
    row.result = replayed ? 'unchanged' : decided;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Settled meanwhile (another import or an operator): the same outcome counts as done.
    const sameOutcome = settledAs(await repo.findWithdrawal(deps.db, row.withdrawalId), row);
    row.result = sameOutcome ? 'unchanged' : 'error';
    row.message = sameOutcome ? null : error.message;
  }
  return Number(current.amount);
}

/**
 * Reads the bank's result file and, with `apply`, settles each pending or processing withdrawal it
 * names (one withdrawal_settle call and its audit row per row). Rows already settled the same way
 * are "unchanged", so the same file twice (even at once, on two instances) settles each once. Each
 * row names the payout file that sent its withdrawal, and the result the files it answers.
 */
export async function importPayoutResults(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: ImportPayoutResultsBody,
  approval?: Approval,
): Promise<PayoutImportResult & { total: number }> {
  const rows: ImportRow[] = [];
  let total = 0;
  for (const [index, cells] of importTable(body.csv).entries()) {
    const [withdrawalId = '', outcome = '', reference = ''] = cells.map((cell) => cell.trim());
    const row: ImportRow = { line: index + 2, withdrawalId, outcome, reference, result: 'error', message: null, payoutFileId: null };
    rows.push(row);
    row.message = cellsProblem(cells, row);
    if (!row.message) total += await importRow(deps, actor, row, body.apply, approval);
  }
  const count = (results: ImportRow['result'][]) => rows.filter((row) => results.includes(row.result)).length;
  const answered = new Map<string, number>();
  for (const row of rows) if (row.payoutFileId) answered.set(row.payoutFileId, (answered.get(row.payoutFileId) ?? 0) + 1);
  const files = await repo.findPayoutFiles(deps.db, [...answered.keys()]);
  const names = await repo.displayNames(deps.db, [...new Set(files.map((file) => file.createdBy))]);
  return {
    total,
    applied: body.apply,
    rows,
    files: files
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((file) => ({ ...toPayoutFileView(file, names), answered: answered.get(file.id) ?? 0 })),
    counts: { toChange: count(['will_pay', 'will_reject', 'paid', 'rejected']), unchanged: count(['unchanged']), errors: count(['error']) },
  };
}

/**
 * The route's import: a preview as it is; applying a file whose withdrawals to settle add up to more
 * than the approval threshold (the file's total) settles nothing and becomes a request for a second
 * person (`sent`), keyed by the file's content, so the same file sent again is the same request.
 */
export async function importOrRequest(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: ImportPayoutResultsBody,
): Promise<{ result: PayoutImportResult; sent?: undefined } | { sent: SentForApproval; replayed: boolean }> {
  if (body.apply) {
    const { total, counts } = await importPayoutResults(deps, actor, { csv: body.csv, apply: false });
    if (total > 0 && (await approvals.needsApproval(deps, total))) {
      const digest = createHash('sha256').update(body.csv).digest('hex');
      return approvals
        .requestApproval(deps, actor, {
          kind: 'payout_results',
          payload: { csv: body.csv, rows: counts.toChange },
          // The file itself (up to 200 KB) stays on the request; the audit row names it by digest.
          auditDetail: { sha256: digest, bytes: Buffer.byteLength(body.csv), rows: counts.toChange },
          amount: total,
          subjectUserId: null,
          key: `payout-results:${digest}`,
          whileWaiting: true,
        })
        .then(({ approval, replayed }) => ({ sent: { approval }, replayed }));
    }
  }
  const { total: _total, ...result } = await importPayoutResults(deps, actor, body);
  return { result };
}

/**
 * A result file a second person approved (modules/approvals), applied inside the approving
 * transaction: each settlement is the requester's, with the approver on its audit row; the same
 * file settles nothing twice (the rows settled the same way are unchanged).
 */
export const payoutResultsApproval: approvals.ApprovalAction = {
  permission: 'withdrawals',
  apply: async (tx, deps, request, approver) => {
    const { csv } = request.payload as { csv: string };
    const requester = { ...approver, operatorId: request.requestedBy };
    await importPayoutResults(
      { ...deps, db: tx as unknown as Db },
      requester,
      { csv, apply: true },
      {
        approvedBy: approver.operatorId,
        approvalId: request.id,
      },
    );
    return { transactionId: null };
  },
};
