import type { BankLine, ResolveBankLineBody } from '@orchard/shared';
import { AppError } from '../../errors';
import { withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as recharge from '../recharge/index';
import * as withdrawals from '../withdrawals/index';
import * as repo from './repository';
import { toBankLineView } from './views';

const lineNotFound = () => new AppError('BANK_LINE_NOT_FOUND');
const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', 'Some fields need attention.', { [field]: message });

/** Which order or payout the decision names, checked against the line: null when the action names none. */
async function target(tx: Parameters<typeof repo.lockLine>[0], line: repo.LineRow, body: ResolveBankLineBody) {
  if (body.action === 'refund' || body.action === 'ignore') return { orderId: null, withdrawalId: null };
  if (!body.targetId) throw fieldError('targetId', 'Choose an order or payout.');
  const amount = Number(line.amount);
  const [order] = await recharge.ordersByIds(tx, [body.targetId]);
  if (order) {
    if (amount < 0) throw fieldError('targetId', 'Money that went out pays no recharge order.');
    // Crediting more than arrived would give the member money the bank never received.
    if (body.action === 'credit' && amount < order.amount) {
      throw fieldError('targetId', 'The bank line pays less than this order: refund or link it instead of crediting.');
    }
    return { orderId: order.id, withdrawalId: null };
  }
  const [payout] = await withdrawals.withdrawalsByIds(tx, [body.targetId]);
  if (!payout || body.action === 'credit') throw fieldError('targetId', body.action === 'credit' ? 'Choose a recharge order to credit.' : 'No such order or payout.');
  return { orderId: null, withdrawalId: payout.id };
}

/**
 * An operator decides a queued line (README.md, "The queue"): link it to the order or payout it
 * belongs to (nothing moves: it was settled another way), credit a recharge order with it (the
 * operator's credit, recharge_credit, keyed by the bank line, in the same transaction), record
 * that it was refunded to the payer, or ignore it; always with a reason, audited. A decided or
 * matched line is not decided again (409).
 */
export async function resolveLine(deps: ServiceDeps, actor: ConsoleActor, id: string, body: ResolveBankLineBody): Promise<BankLine> {
  if (!isUuid(id)) throw lineNotFound();
  await withTransaction(deps.db, async (tx) => {
    const line = await repo.lockLine(tx, id);
    if (!line) throw lineNotFound();
    if (line.status !== 'queued') throw new AppError('BANK_LINE_DECIDED');
    if (body.action === 'refund' && Number(line.amount) < 0) throw fieldError('action', 'Only money that came in can be refunded.');
    const chosen = await target(tx, line, body);
    if (body.action === 'credit') await recharge.creditForBankLine(tx, deps, actor, chosen.orderId!, id, body.reason);
    const resolution = { link: 'linked', credit: 'credited', refund: 'refunded', ignore: 'ignored' }[body.action];
    await repo.resolveLine(tx, id, { resolution, note: body.reason, ...chosen, by: actor.operatorId, at: deps.clock.now() });
    await recordConsoleAction(tx, actor, {
      action: `bank_line.${body.action}`,
      subjectType: 'bank_line',
      subjectId: id,
      detail: { amount: Number(line.amount), currency: line.currency, bookedOn: line.booked_on, queuedAs: line.reason, reason: body.reason, ...chosen },
      at: deps.clock.now(),
    });
  });
  return toBankLineView((await repo.findLine(deps.db, id))!);
}
