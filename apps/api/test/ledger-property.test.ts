import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import type { ServiceDeps } from '../src/lib/service-deps';
import { AppError } from '../src/errors';
import { buildIntegrityReport } from '../src/ledger/index';
import { adjustBalance } from '../src/modules/admin-ledger/service';
import type { ConsoleActor } from '../src/modules/audit/console';
import * as recharge from '../src/modules/recharge/service';
import { getWallet } from '../src/modules/wallet/service';
import { createSession } from '../src/modules/accounts/sessions';
import { markSteppedUp } from '../src/modules/accounts/step-up';
import { createBankAccount } from '../src/modules/withdrawals/bank-accounts';
import { payWithdrawal, rejectWithdrawal, updateWithdrawalSettings } from '../src/modules/withdrawals/console';
import { cancelWithdrawal, createWithdrawal } from '../src/modules/withdrawals/withdrawals';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { insertChannels, insertUser } from './ledger-helpers';

type Command =
  | { op: 'create'; member: number; amount: number; channel: 'bank' | 'gw' }
  | { op: 'submit'; order: number }
  | { op: 'cancel'; order: number }
  | { op: 'credit'; order: number }
  | { op: 'reject'; order: number }
  | { op: 'webhook'; order: number; exact: boolean }
  | { op: 'adjust'; member: number; direction: 'credit' | 'debit'; amount: number }
  | { op: 'advance'; minutes: number }
  | { op: 'withdraw'; member: number; amount: number }
  | { op: 'settle'; withdrawal: number; outcome: 'paid' | 'rejected' | 'cancelled' };

const MEMBERS = 3;
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('create' as const),
    member: fc.nat(MEMBERS - 1),
    amount: fc.integer({ min: 50, max: 20_000 }),
    channel: fc.constantFrom('bank' as const, 'gw' as const),
  }),
  fc.record({ op: fc.constant('submit' as const), order: fc.nat(20) }),
  fc.record({ op: fc.constant('cancel' as const), order: fc.nat(20) }),
  fc.record({ op: fc.constant('credit' as const), order: fc.nat(20) }),
  fc.record({ op: fc.constant('reject' as const), order: fc.nat(20) }),
  fc.record({ op: fc.constant('webhook' as const), order: fc.nat(20), exact: fc.boolean() }),
  fc.record({
    op: fc.constant('adjust' as const),
    member: fc.nat(MEMBERS - 1),
    direction: fc.constantFrom('credit' as const, 'debit' as const),
    amount: fc.integer({ min: 1, max: 15_000 }),
  }),
  fc.record({ op: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 40 }) }),
  // Withdrawals come often enough that most runs request, settle and retry a few.
  {
    arbitrary: fc.record({
      op: fc.constant('withdraw' as const),
      member: fc.nat(MEMBERS - 1),
      amount: fc.integer({ min: 500, max: 20_000 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('settle' as const),
      withdrawal: fc.nat(20),
      outcome: fc.constantFrom('paid' as const, 'rejected' as const, 'cancelled' as const),
    }),
    weight: 3,
  },
);

/** The withdrawal settings of this test: no cool-down, a fee of 100 + 1 %, a daily maximum some runs reach. */
const WITHDRAWAL_SETTINGS = {
  enabled: true,
  minAmount: 1_000,
  maxAmount: 15_000,
  dailyMax: 30_000,
  feeFixed: 100,
  feeBp: 100,
  cooldownHours: 0,
};

describe.each(DATABASE_KINDS)('ledger invariants under random money flows (recharges, adjustments, withdrawals) on %s', (kind) => {
  let database: TestDatabase;
  let operator: ConsoleActor;
  const clock = new ManualClock('2026-03-01T00:00:00Z');
  const config = testConfig();
  let deps: ServiceDeps;
  let keyCounter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    deps = { db: database.handle.db, clock, config };
    await insertChannels(deps.db);
    operator = { operatorId: await insertUser(deps.db, 'operator'), role: 'operator', ip: null, requestId: 'property-test' };
    await updateWithdrawalSettings(deps, operator, WITHDRAWAL_SETTINGS);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps every entry balanced, every cached balance equal to its entries, no member below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 25, size: 'medium' }), async (commands) => {
        const members = await Promise.all(Array.from({ length: MEMBERS }, () => insertUser(deps.db)));
        const expected = members.map(() => 0);
        // Withdrawals: each member has an account and a session stepped up for the whole run.
        const onHold = members.map(() => 0);
        const paidOut = members.map(() => 0);
        const cashIn = members.map(() => 0);
        const withdrawals: { id: string; member: number; amount: number; status: 'pending' | 'paid' | 'rejected' | 'cancelled' }[] = [];
        const outlets = await Promise.all(
          members.map(async (memberId) => {
            const account = await createBankAccount(deps, memberId, {
              holderName: 'Model',
              bankName: 'Bank',
              country: 'DE',
              number: 'DE89370400440532013000',
            });
            const session = await createSession(deps.db, { userId: memberId, now: clock.now(), ip: null, userAgent: null });
            await markSteppedUp(
              deps.db,
              { userId: memberId, sessionId: session.sessionId },
              new Date(clock.now().getTime() + 3_650 * 86_400_000),
            );
            return { accountId: account.id, sessionId: session.sessionId };
          }),
        );
        const orders: { id: string; member: number; amount: number }[] = [];
        const credited = new Set<string>();

        for (const command of commands) {
          try {
            switch (command.op) {
              case 'create': {
                const order = await recharge.createOrder(deps, members[command.member]!, {
                  channel: command.channel,
                  amount: command.amount,
                });
                orders.push({ id: order.id, member: command.member, amount: order.amount });
                break;
              }
              case 'advance':
                clock.advance(command.minutes * 60_000);
                break;
              case 'withdraw': {
                const before = expected[command.member]!;
                const { withdrawal } = await createWithdrawal(
                  deps,
                  { userId: members[command.member]!, sessionId: outlets[command.member]!.sessionId },
                  { bankAccountId: outlets[command.member]!.accountId, amount: command.amount },
                  `w${++keyCounter}`,
                );
                // Held only what was there, within the limits.
                expect(command.amount).toBeLessThanOrEqual(before);
                expect(command.amount).toBeGreaterThanOrEqual(WITHDRAWAL_SETTINGS.minAmount);
                expect(command.amount).toBeLessThanOrEqual(WITHDRAWAL_SETTINGS.maxAmount);
                withdrawals.push({ id: withdrawal.id, member: command.member, amount: command.amount, status: 'pending' });
                expected[command.member]! -= command.amount;
                onHold[command.member]! += command.amount;
                break;
              }
              case 'settle': {
                const target = withdrawals[command.withdrawal % Math.max(withdrawals.length, 1)];
                if (!target) break;
                const settled =
                  command.outcome === 'paid'
                    ? await payWithdrawal(deps, operator, target.id, 'MODEL-REF')
                    : command.outcome === 'rejected'
                      ? await rejectWithdrawal(deps, operator, target.id, 'Model says no')
                      : await cancelWithdrawal(deps, members[target.member]!, target.id);
                expect(settled.status).toBe(command.outcome);
                if (target.status === 'pending') {
                  target.status = command.outcome;
                  onHold[target.member]! -= target.amount;
                  if (command.outcome === 'paid') paidOut[target.member]! += target.amount;
                  else expected[target.member]! += target.amount;
                } else {
                  // Only the same outcome again may answer: it changes nothing.
                  expect(target.status).toBe(command.outcome);
                }
                break;
              }
              case 'adjust': {
                await adjustBalance(
                  deps,
                  operator,
                  members[command.member]!,
                  { direction: command.direction, amount: command.amount, reason: 'property test' },
                  `k${++keyCounter}`,
                );
                expected[command.member]! += command.direction === 'credit' ? command.amount : -command.amount;
                cashIn[command.member]! += command.direction === 'credit' ? command.amount : -command.amount;
                break;
              }
              default: {
                const order = orders[command.order % Math.max(orders.length, 1)];
                if (!order) break;
                const memberId = members[order.member]!;
                if (command.op === 'submit') await recharge.submitPayment(deps, memberId, order.id, 'PAYER-1');
                if (command.op === 'cancel') await recharge.cancelOrder(deps, memberId, order.id);
                if (command.op === 'reject') await recharge.rejectOrder(deps, operator, order.id, 'no payment found');
                if (command.op === 'credit') {
                  await recharge.creditOrder(deps, operator, order.id, randomUUID());
                  expect(credited.has(order.id)).toBe(false);
                  credited.add(order.id);
                  expected[order.member]! += order.amount;
                  cashIn[order.member]! += order.amount;
                }
                if (command.op === 'webhook') {
                  const outcome = await recharge.applyWebhookEvent(deps, 'gw', {
                    id: `evt-${order.id}-${command.exact}`,
                    type: 'payment.succeeded',
                    data: { orderId: order.id, amount: command.exact ? order.amount : order.amount + 1, currency: config.CURRENCY },
                  });
                  if (outcome === 'credited') {
                    expect(credited.has(order.id)).toBe(false);
                    credited.add(order.id);
                    expected[order.member]! += order.amount;
                    cashIn[order.member]! += order.amount;
                  }
                }
              }
            }
          } catch (error) {
            // Refusals are part of the game (expired, already credited, too low a balance …); anything else is a bug.
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          }
        }

        for (const [index, memberId] of members.entries()) {
          const wallet = await getWallet(deps, memberId);
          expect(wallet.available).toBe(expected[index]);
          expect(wallet.available).toBeGreaterThanOrEqual(0);
          // Nothing orphaned on hold: the hold is exactly the pending withdrawals.
          expect(wallet.onHold).toBe(onHold[index]);
          const pending = withdrawals.filter((item) => item.member === index && item.status === 'pending');
          expect(wallet.onHold).toBe(pending.reduce((sum, item) => sum + item.amount, 0));
          // Available + on hold + paid out is what came in.
          expect(wallet.available + wallet.onHold + paidOut[index]!).toBe(cashIn[index]);
        }
        for (const item of withdrawals) {
          const [row] = (
            (await deps.db.execute(
              sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${`withdrawal-settle:${item.id}`}`,
            )) as unknown as { rows: { n: number }[] }
          ).rows;
          expect(row!.n).toBe(item.status === 'pending' ? 0 : 1);
        }
        const report = await buildIntegrityReport(deps.db, clock.now());
        expect(report.unbalancedTransactions).toEqual([]);
        expect(report.balanceMismatches).toEqual([]);
        expect(report.negativeBalances).toEqual([]);
        expect(report.runningBalanceBreaks).toEqual([]);
        for (const currency of report.trialBalance) expect(currency.total).toBe('0');
        expect(report.ok).toBe(true);
      }),
      { numRuns: kind === 'pglite' ? 30 : 40 },
    );
  }, 120_000);
});
