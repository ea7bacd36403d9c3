import type { BankStatementImportResult, ImportBankStatementBody } from '@orchard/shared';
import { AppError } from '../../errors';
import { moneyRefusalOf, withRetries } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as recharge from '../recharge/index';
import * as withdrawals from '../withdrawals/index';
import { decide, type Decision } from './match';
import { parseCamt053 } from './parse-camt';
import { parseCsvStatement } from './parse-csv';
import * as repo from './repository';
import { lineIdentities, type ParsedStatement, type StatementLine } from './statement-line';

/** A refusal of the credit or the settlement (already credited, closed, a limit, the account rules): the line waits. */
const isRefusal = (error: unknown) => error instanceof AppError || moneyRefusalOf(error) !== undefined;

async function parse(deps: ServiceDeps, actor: ConsoleActor, body: ImportBankStatementBody): Promise<ParsedStatement> {
  if (body.format === 'camt053') return parseCamt053(body.content);
  const mapping = body.mapping ?? (await repo.readMapping(deps.db, body.bankName));
  if (!mapping) throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { mapping: 'Map the columns of this bank’s file first.' });
  const parsed = parseCsvStatement(body.content, mapping, body.currency ?? deps.config.CURRENCY);
  // The columns are remembered for this bank once a file read with them.
  if (body.mapping) await repo.saveMapping(deps.db, body.bankName, body.mapping, actor.operatorId, deps.clock.now());
  return parsed;
}

/** Acts on the matcher's decision inside the line's transaction; a refused credit or payment queues the line instead. */
async function apply(
  tx: Parameters<typeof decide>[0],
  deps: ServiceDeps,
  actor: ConsoleActor,
  lineId: string,
  line: StatementLine,
  decision: Decision,
): Promise<'matched' | 'queued'> {
  try {
    if (decision.kind === 'credit') {
      await recharge.creditForBankLine(tx, deps, actor, decision.orderId, lineId, `${line.bookedOn} ${line.details}`.slice(0, 500));
      await repo.setLineOutcome(tx, lineId, { status: 'matched', reason: 'exact', orderId: decision.orderId, withdrawalId: null, suggestions: [] });
      return 'matched';
    }
    if (decision.kind === 'pay' || decision.kind === 'matched') {
      if (decision.kind === 'pay') await withdrawals.payFromBankLine(tx, deps, actor, decision.withdrawalId, `bank-line:${lineId}`);
      await repo.setLineOutcome(tx, lineId, { status: 'matched', reason: 'payout', orderId: null, withdrawalId: decision.withdrawalId, suggestions: [] });
      return 'matched';
    }
    await repo.setLineOutcome(tx, lineId, { status: 'queued', ...decision });
    return 'queued';
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const target = decision.kind === 'credit' ? { orderId: decision.orderId, withdrawalId: null } : { orderId: null, withdrawalId: 'withdrawalId' in decision ? decision.withdrawalId : null };
    await repo.setLineOutcome(tx, lineId, { status: 'queued', reason: 'not_applied', ...target, suggestions: [] });
    return 'queued';
  }
}

/**
 * Imports a bank statement (README.md): the statement is recorded, then each line in a transaction
 * of its own: stored unless its bank has it already (bank_lines_identity_unique; a racing import of
 * the same line waits for this one and adds nothing), matched, and acted on (an order credited, a
 * payout marked paid) or queued. Audited once for the file; each credit and payment has its own row.
 */
export async function importStatement(deps: ServiceDeps, actor: ConsoleActor, body: ImportBankStatementBody): Promise<BankStatementImportResult> {
  const parsed = await parse(deps, actor, body);
  if (parsed.lines.length === 0) throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { content: 'The statement has no booked lines.' });
  const statementId = await repo.insertStatement(deps.db, {
    bankName: body.bankName,
    format: body.format,
    fileName: body.fileName,
    currency: parsed.currency,
    closingBalance: parsed.closingBalance,
    closingOn: parsed.closingOn,
    linesTotal: parsed.lines.length,
    importedBy: actor.operatorId,
    at: deps.clock.now(),
  });
  const identities = lineIdentities(parsed.lines);
  const counts = { linesNew: 0, matched: 0, queued: 0 };
  for (const [index, line] of parsed.lines.entries()) {
    const outcome = await withRetries(() =>
      deps.db.transaction(async (tx) => {
        const lineId = await repo.insertLine(tx, { ...line, bankName: body.bankName, identity: identities[index]!, statementId, at: deps.clock.now() });
        if (!lineId) return 'duplicate' as const;
        return apply(tx, deps, actor, lineId, line, await decide(tx, line));
      }),
    );
    if (outcome !== 'duplicate') {
      counts.linesNew += 1;
      counts[outcome] += 1;
    }
  }
  await repo.setStatementNewLines(deps.db, statementId, counts.linesNew);
  await recordConsoleAction(deps.db, actor, {
    action: 'bank_statement.import',
    subjectType: 'bank_statement',
    subjectId: statementId,
    detail: { bankName: body.bankName, format: body.format, fileName: body.fileName, linesTotal: parsed.lines.length, ...counts },
    at: deps.clock.now(),
  });
  return { statementId, linesTotal: parsed.lines.length, ...counts };
}
