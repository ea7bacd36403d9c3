import type { z } from 'zod';
import type { AdminWithdrawal, listWithdrawalsQuerySchema, WithdrawalSettings } from '@orchard/shared';
import { ledgerLimits, withTransaction } from '../../ledger/index';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { recordConsoleAction, type ConsoleActor } from '../audit/console';
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
 * Pays or rejects a pending withdrawal: one call of withdrawal_settle and its audit row, in one
 * transaction. The same outcome again (a double click) returns it as it is and audits nothing
 * new; any other outcome after one is a 409.
 */
async function settle(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string,
  outcome: 'paid' | 'rejected',
  text: { payoutReference?: string; reason?: string },
): Promise<AdminWithdrawal> {
  if (!isUuid(id)) throw withdrawalNotFound();
  const now = deps.clock.now();
  const { withdrawal } = await callWithdrawalFunction(() =>
    withTransaction(deps.db, async (tx) => {
      const settled = await repo.settleWithdrawal(tx, {
        id,
        outcome,
        memberId: null,
        operatorId: actor.operatorId,
        payoutReference: text.payoutReference ?? null,
        reason: text.reason ?? null,
        at: now,
        limits: ledgerLimits(deps.config),
      });
      if (!settled.replayed) {
        await recordConsoleAction(tx, actor, {
          action: outcome === 'paid' ? 'withdrawal.pay' : 'withdrawal.reject',
          subjectType: 'withdrawal',
          subjectId: id,
          detail: {
            member: settled.withdrawal.userId,
            amount: settled.withdrawal.amount,
            net: settled.withdrawal.net,
            ...(outcome === 'paid' ? { payoutReference: text.payoutReference } : { reason: text.reason }),
            transactionId: settled.withdrawal.settleTransactionId,
          },
          at: now,
        });
      }
      return settled;
    }),
  );
  const names = await repo.displayNames(deps.db, [withdrawal.userId]);
  return toAdminWithdrawalView(withdrawal, names);
}

export const payWithdrawal = (deps: ServiceDeps, actor: ConsoleActor, id: string, payoutReference: string) =>
  settle(deps, actor, id, 'paid', { payoutReference });

export const rejectWithdrawal = (deps: ServiceDeps, actor: ConsoleActor, id: string, reason: string) =>
  settle(deps, actor, id, 'rejected', { reason });

function toSettingsView(row: repo.WithdrawalSettingsRow): WithdrawalSettings {
  return {
    enabled: row.enabled,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    dailyMax: row.dailyMax,
    feeFixed: row.feeFixed,
    feeBp: row.feeBp,
    cooldownHours: row.cooldownHours,
  };
}

export async function getWithdrawalSettings(deps: ServiceDeps): Promise<WithdrawalSettings> {
  return toSettingsView(await repo.readSettings(deps.db));
}

export async function updateWithdrawalSettings(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: WithdrawalSettings,
): Promise<WithdrawalSettings> {
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const before = toSettingsView(await repo.readSettings(tx));
    const after = toSettingsView(await repo.updateSettings(tx, { ...body, updatedAt: now, updatedBy: actor.operatorId }));
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
