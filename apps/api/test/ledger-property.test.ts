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
import * as rechargeActions from '../src/modules/recharge/index';
import { applyWebhookEvent } from '../src/modules/recharge/webhook-event';
import { getWallet } from '../src/modules/wallet/service';
import { createSession } from '../src/modules/accounts/sessions';
import { markSteppedUp } from '../src/modules/accounts/step-up';
import { createBankAccount } from '../src/modules/withdrawals/bank-accounts';
import {
  exportPayoutFile,
  payWithdrawal,
  rejectWithdrawal,
  requeueWithdrawal,
  revealPayoutDetails,
  updateWithdrawalSettings,
} from '../src/modules/withdrawals/console';
import { importPayoutResults } from '../src/modules/withdrawals/payout-import';
import { cancelWithdrawal, createWithdrawal, quoteWithdrawal } from '../src/modules/withdrawals/withdrawals';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { ensureMemberAccounts, platformAccountId } from '../src/ledger/accounts';
import { LEDGER_CEILINGS, postTransaction, withTransaction } from '../src/ledger/index';

import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { insertChannels, insertUser } from './ledger-helpers';
import { drawing } from './state-diagrams';

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
                const order = await rechargeActions.createOrder(deps, members[command.member]!, {
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
                if (command.op === 'submit') await rechargeActions.submitPayment(deps, memberId, order.id, 'PAYER-1');
                if (command.op === 'cancel') await rechargeActions.cancelOrder(deps, memberId, order.id);
                if (command.op === 'reject') await rechargeActions.rejectOrder(deps, operator, order.id, 'no payment found');
                if (command.op === 'credit') {
                  await rechargeActions.creditOrder(deps, operator, order.id, randomUUID());
                  expect(credited.has(order.id)).toBe(false);
                  credited.add(order.id);
                  expected[order.member]! += order.amount;
                  cashIn[order.member]! += order.amount;
                }
                if (command.op === 'webhook') {
                  const outcome = await applyWebhookEvent(deps, 'gw', {
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

/**
 * The withdrawal's whole life in the model: the member requests and cancels; the operator exports
 * payout files, reveals one to pay by hand, puts one back with a reason, pays and rejects; the bank's
 * result file comes back (the whole file or part of it, its rows in any order, the same file twice,
 * an older file after a newer one); the configured limits are lowered below the balances; and a
 * claw-back books what a member cannot give back as a debt, which then meets their withdrawals.
 * After every step: money conserved (each member's available + on hold + paid out − debt is what came
 * in), no wallet below zero, what is withdrawable is available − debt, on hold is exactly the open
 * withdrawals, each withdrawal settled once, and every withdrawal's state moved along the diagram
 * of ledger/README.md. On PostgreSQL the same steps also run two at a time on two pools, the
 * invariants checked after each pair settles.
 */
type PayoutCommand =
  | { op: 'fund'; member: number; amount: number }
  | { op: 'withdraw'; member: number; amount: number | 'withdrawable' | 'beyond' }
  | { op: 'cancel'; withdrawal: number }
  | { op: 'export' }
  | { op: 'reveal'; withdrawal: number }
  | { op: 'requeue'; withdrawal: number }
  | { op: 'pay' | 'reject'; withdrawal: number }
  | { op: 'import'; file: number; keep: boolean[]; reversed: boolean; rejectEvery: number; twice: boolean }
  | { op: 'limits'; lowered: boolean }
  | { op: 'clawback'; member: number; amount: number };

const back = fc.nat(7);
const payoutCommandArbitrary: fc.Arbitrary<PayoutCommand> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('fund' as const),
      member: fc.nat(MEMBERS - 1),
      amount: fc.integer({ min: 1_000, max: 30_000 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('withdraw' as const),
      member: fc.nat(MEMBERS - 1),
      amount: fc.oneof(fc.integer({ min: 1_000, max: 15_000 }), fc.constantFrom('withdrawable' as const, 'beyond' as const)),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ op: fc.constant('cancel' as const), withdrawal: back }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('export' as const) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('reveal' as const), withdrawal: back }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('requeue' as const), withdrawal: back }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constantFrom('pay' as const, 'reject' as const), withdrawal: back }), weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constant('import' as const),
      file: fc.nat(2),
      keep: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      reversed: fc.boolean(),
      rejectEvery: fc.integer({ min: 0, max: 3 }),
      twice: fc.boolean(),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ op: fc.constant('limits' as const), lowered: fc.boolean() }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant('clawback' as const),
      member: fc.nat(MEMBERS - 1),
      amount: fc.integer({ min: 100, max: 20_000 }),
    }),
    weight: 2,
  },
);

/**
 * Every run starts with a member who owes: 5,000 in, a claw-back of 8,000 takes it and books 3,000
 * as debt, then 12,000 more comes in (9,000 withdrawable); the random steps follow the few below.
 */
const payoutScenarioArbitrary = fc
  .noBias(fc.array(payoutCommandArbitrary, { minLength: 1, maxLength: 30, size: 'max' }))
  .map((steps): PayoutCommand[] => [
    { op: 'fund', member: 0, amount: 5_000 },
    { op: 'clawback', member: 0, amount: 8_000 },
    { op: 'fund', member: 0, amount: 12_000 },
    // Then the debt meets a withdrawal (7,001 of the 9,000 in the wallet is refused), and two payout files go out.
    { op: 'withdraw', member: 0, amount: 2_000 },
    { op: 'withdraw', member: 0, amount: 'beyond' },
    { op: 'export' },
    { op: 'withdraw', member: 0, amount: 1_500 },
    { op: 'export' },
    ...steps,
  ]);

type WithdrawalState = 'pending' | 'processing' | 'paid' | 'rejected' | 'cancelled';
const OPEN: WithdrawalState[] = ['pending', 'processing'];
/** One payout reference per withdrawal, by hand or in the bank's file: paying it again either way is the same payment. */
const referenceOf = (id: string) => `REF-${id.slice(0, 8)}`;
/** The withdrawal's arrows as ledger/README.md draws them, and what each state can reach along them. */
const WITHDRAWAL_ARROWS = drawing('withdrawal').transitions.filter((t) => t.from !== null);
function reachable(from: string, to: string): boolean {
  const seen = new Set([from]);
  for (let grown = true; grown;) {
    grown = false;
    for (const arrow of WITHDRAWAL_ARROWS)
      if (seen.has(arrow.from!) && !seen.has(arrow.to)) {
        seen.add(arrow.to);
        grown = true;
      }
  }
  return seen.has(to);
}

/** A second pool on the same PostgreSQL database (the suite's own), for steps issued two at a time. */
async function secondPool(database: TestDatabase): Promise<DatabaseHandle> {
  const result = (await database.handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  return openDatabase({ url: url.toString(), poolSize: 4 });
}

describe.each([
  ...DATABASE_KINDS.map((kind) => ({ kind, paired: false })),
  ...(process.env.TEST_DATABASE_URL ? [{ kind: 'postgres' as const, paired: true }] : []),
])('withdrawals through the operator and the bank, on $kind (two at a time: $paired)', ({ kind, paired }) => {
  let database: TestDatabase;
  let other: DatabaseHandle | undefined;
  let operator: ConsoleActor;
  const clock = new ManualClock('2026-04-01T00:00:00Z');
  const config = testConfig();
  const lowered = { ...config, AMOUNT_MAX_MINOR: 1_000, BALANCE_MAX_MINOR: 2_000 };
  let keyCounter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    if (paired) other = await secondPool(database);
    operator = { operatorId: await insertUser(database.handle.db, 'operator'), role: 'operator', ip: null, requestId: 'payout-model' };
    // No cap on a day's withdrawals here: the day's total is the other suite's subject.
    await updateWithdrawalSettings({ db: database.handle.db, clock, config }, operator, { ...WITHDRAWAL_SETTINGS, dailyMax: 100_000_000 });
  });
  afterAll(async () => {
    await other?.close();
    await database?.destroy();
  });

  it('conserves money, keeps on hold the open withdrawals and withdrawable = available − debt, and moves states only along the diagram', async () => {
    /** What the runs went through, so a generator that stopped reaching the bank's steps shows as a failure, not a pass. */
    const reached = new Set<string>();
    await fc.assert(
      fc.asyncProperty(payoutScenarioArbitrary, async (commands) => {
        let limited = false;
        /** The pool a step runs on: the second one for the second step of a pair. */
        const depsOf = (lane: number): ServiceDeps => ({
          db: lane === 1 && other ? other.db : database.handle.db,
          clock,
          config: limited ? lowered : config,
        });
        const db = database.handle.db;
        const members = await Promise.all(Array.from({ length: MEMBERS }, () => insertUser(db)));
        const cashIn = members.map(() => 0);
        const debt = members.map(() => 0);
        const clawedFromWallet = members.map(() => 0);
        const withdrawals: { id: string; member: number; amount: number; status: WithdrawalState }[] = [];
        const files: string[][] = [];
        const outlets = await Promise.all(
          members.map(async (memberId) => {
            const account = await createBankAccount({ db, clock, config }, memberId, {
              holderName: 'Model',
              bankName: 'Bank',
              country: 'DE',
              number: 'DE89370400440532013000',
            });
            const session = await createSession(db, { userId: memberId, now: clock.now(), ip: null, userAgent: null });
            await markSteppedUp(
              db,
              { userId: memberId, sessionId: session.sessionId },
              new Date(clock.now().getTime() + 3_650 * 86_400_000),
            );
            return { accountId: account.id, sessionId: session.sessionId };
          }),
        );
        const pick = (n: number) => (withdrawals.length === 0 ? undefined : withdrawals[withdrawals.length - 1 - (n % withdrawals.length)]);
        const balancesOf = async (index: number) => {
          const wallet = await getWallet({ db, clock, config }, members[index]!);
          return { available: wallet.available, onHold: wallet.onHold, debt: wallet.debt };
        };
        /** What the sequential run expects of a step on a withdrawal in `state`; the paired run cannot know the other lane's effect. */
        const expectOutcome = (ok: boolean, expected: boolean, what: string) => {
          if (!paired) expect(ok, what).toBe(expected);
        };

        async function step(command: PayoutCommand, lane: number): Promise<void> {
          const deps = depsOf(lane);
          const attempt = async <T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> => {
            try {
              return { ok: true, value: await work() };
            } catch (error) {
              if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
              return { ok: false, error };
            }
          };
          switch (command.op) {
            case 'fund': {
              const done = await attempt(() =>
                adjustBalance(
                  deps,
                  operator,
                  members[command.member]!,
                  { direction: 'credit', amount: command.amount, reason: 'model funds' },
                  `f${++keyCounter}`,
                ),
              );
              // Lowered limits may refuse new money past them; money already in stays where it is.
              if (!limited) expectOutcome(done.ok, true, 'fund');
              if (done.ok) cashIn[command.member]! += command.amount;
              return;
            }
            case 'withdraw': {
              const seenBefore = await balancesOf(command.member);
              const before = paired ? null : seenBefore;
              const withdrawable = Math.max(0, seenBefore.available - seenBefore.debt);
              const openOnes = withdrawals.filter((w) => w.member === command.member && OPEN.includes(w.status)).length;
              const amount =
                command.amount === 'withdrawable'
                  ? Math.min(withdrawable, WITHDRAWAL_SETTINGS.maxAmount)
                  : command.amount === 'beyond'
                    ? withdrawable + 1
                    : command.amount;
              const done = await attempt(() =>
                createWithdrawal(
                  deps,
                  { userId: members[command.member]!, sessionId: outlets[command.member]!.sessionId },
                  { bankAccountId: outlets[command.member]!.accountId, amount },
                  `w${++keyCounter}`,
                ),
              );
              if (done.ok) {
                // Never more than what is withdrawable: what the member owes stays.
                if (before) expect(amount, 'held within available − debt').toBeLessThanOrEqual(withdrawable);
                withdrawals.push({ id: done.value.withdrawal.id, member: command.member, amount, status: 'pending' });
              } else if (
                before &&
                !limited &&
                openOnes < config.WITHDRAWALS_MAX_PENDING &&
                amount > withdrawable &&
                amount <= before.available &&
                amount >= WITHDRAWAL_SETTINGS.minAmount &&
                amount <= WITHDRAWAL_SETTINGS.maxAmount
              ) {
                expect(done.error.code, 'refused for the debt').toBe('INSUFFICIENT_FUNDS');
                reached.add('refused for the debt');
              }
              return;
            }
            case 'export': {
              const done = await attempt(() => exportPayoutFile(deps, operator));
              const open = withdrawals.filter((w) => w.status === 'pending');
              if (done.ok) {
                const lines = await db.execute(
                  sql`select withdrawal_id from payout_file_rows where file_id = ${done.value.id} order by line`,
                );
                const ids = (lines as unknown as { rows: { withdrawal_id: string }[] }).rows.map((row) => row.withdrawal_id);
                files.push(ids);
                if (!paired) expect(open.every((w) => ids.includes(w.id))).toBe(true);
                for (const w of withdrawals) if (ids.includes(w.id)) w.status = 'processing';
              } else if (!paired) expect(open).toEqual([]);
              if (done.ok && files.length > 1) reached.add('a second payout file');
              return;
            }
            case 'import': {
              const file = files.length === 0 ? undefined : files[files.length - 1 - (command.file % files.length)];
              if (!file) return;
              const rows = file.filter((_, i) => command.keep[i % command.keep.length]);
              if (command.reversed) rows.reverse();
              if (rows.length === 0) return;
              const outcomeOf = (id: string, i: number) =>
                command.rejectEvery > 0 && i % (command.rejectEvery + 1) === 0 ? 'rejected' : 'paid';
              const csv = `withdrawal_id,outcome,reference\n${rows.map((id, i) => `${id},${outcomeOf(id, i)},${outcomeOf(id, i) === 'paid' ? referenceOf(id) : 'Account closed'}`).join('\n')}\n`;
              for (let round = 0; round < (command.twice ? 2 : 1); round++) {
                const done = await attempt(() => importPayoutResults(deps, operator, { csv, apply: true }));
                if (!done.ok) throw done.error;
                for (const [i, id] of rows.entries()) {
                  const w = withdrawals.find((candidate) => candidate.id === id);
                  const result = done.value.rows[i]!.result;
                  if (!w) continue;
                  const outcome = outcomeOf(id, i);
                  if (result === 'paid' || result === 'rejected') {
                    if (!paired) expect(OPEN).toContain(w.status);
                    w.status = result;
                    claims.set(w.id, result);
                  } else if (!paired) {
                    // Settled already: the same outcome is "unchanged", another one an error row; nothing moves.
                    expect(result).toBe(w.status === outcome ? 'unchanged' : 'error');
                    expect(OPEN).not.toContain(w.status);
                  }
                }
              }
              return;
            }
            case 'limits':
              limited = command.lowered;
              return;
            case 'clawback': {
              const index = command.member;
              const taken = await attempt(() =>
                withTransaction(deps.db, async (tx) => {
                  const accounts = await ensureMemberAccounts(tx, members[index]!, config.CURRENCY);
                  const locked = (await tx.execute(
                    sql`select id, balance from ledger_accounts where id in (${accounts.available}, ${accounts.debt}) order by id for update`,
                  )) as unknown as { rows: { id: number | string; balance: number | string }[] };
                  const available = Number(locked.rows.find((row) => Number(row.id) === accounts.available)!.balance);
                  const fromWallet = Math.min(available, command.amount);
                  const expense = await platformAccountId(tx, 'platform_commission_expense', config.CURRENCY);
                  await postTransaction(tx, {
                    kind: 'refund',
                    idempotencyKey: `model-clawback:${++keyCounter}:${members[index]}`,
                    entries: [
                      ...(fromWallet > 0 ? [{ accountId: accounts.available, amount: -fromWallet }] : []),
                      ...(command.amount > fromWallet ? [{ accountId: accounts.debt, amount: -(command.amount - fromWallet) }] : []),
                      { accountId: expense, amount: command.amount },
                    ],
                    memo: 'Commission taken back (model)',
                    at: clock.now(),
                    limits: LEDGER_CEILINGS,
                  });
                  return fromWallet;
                }),
              );
              if (!taken.ok) throw taken.error;
              clawedFromWallet[index]! += taken.value;
              debt[index]! += command.amount - taken.value;
              return;
            }
            default: {
              const w = pick(command.withdrawal);
              if (!w) return;
              const was = w.status;
              if (command.op === 'cancel') {
                const done = await attempt(() => cancelWithdrawal(deps, members[w.member]!, w.id));
                expectOutcome(done.ok, was === 'pending' || was === 'cancelled', `cancel a ${was} one`);
                if (done.ok) {
                  w.status = 'cancelled';
                  claims.set(w.id, 'cancelled');
                } else if (!paired) expect(done.error.code).toBe('WITHDRAWAL_NOT_PENDING');
              } else if (command.op === 'reveal') {
                const done = await attempt(() => revealPayoutDetails(deps, operator, w.id));
                expectOutcome(done.ok, true, 'reveal');
                if (done.ok && w.status === 'pending') w.status = 'processing';
              } else if (command.op === 'requeue') {
                const done = await attempt(() => requeueWithdrawal(deps, operator, w.id, 'Not sent after all'));
                expectOutcome(done.ok, OPEN.includes(was), `put back a ${was} one`);
                if (done.ok) w.status = 'pending';
              } else {
                const outcome = command.op === 'pay' ? 'paid' : 'rejected';
                const done = await attempt(() =>
                  command.op === 'pay'
                    ? payWithdrawal(deps, operator, w.id, referenceOf(w.id))
                    : rejectWithdrawal(deps, operator, w.id, 'Model says no'),
                );
                // Settling moves money already in: lowered limits never stop it.
                expectOutcome(done.ok, OPEN.includes(was) || was === outcome, `${command.op} a ${was} one`);
                if (done.ok) {
                  w.status = outcome;
                  claims.set(w.id, outcome);
                }
              }
            }
          }
        }

        let seen = new Map<string, WithdrawalState>();
        /** Paired: a lane that settled one says so; the state it settled to is final, so it must hold after the pair. */
        const claims = new Map<string, WithdrawalState>();
        async function check(): Promise<void> {
          const statuses = withdrawals.length
            ? (
                (await db.execute(
                  sql`select id, status, (select count(*)::int from ledger_transactions t where t.idempotency_key = 'withdrawal-settle:' || w.id) as settled
                      from withdrawals w where id in (${sql.join(
                        withdrawals.map((w) => sql`${w.id}`),
                        sql`, `,
                      )})`,
                )) as unknown as { rows: { id: string; status: WithdrawalState; settled: number }[] }
              ).rows
            : [];
          const now = new Map(statuses.map((row) => [row.id, row]));
          for (const w of withdrawals) {
            const row = now.get(w.id)!;
            if (paired) {
              // Two lanes' answers may arrive in either order: the database says where each one is, and a
              // lane that settled it (a final state) must find it there.
              const claimed = claims.get(w.id);
              if (claimed) expect(row.status, `withdrawal ${w.id} settled ${claimed}`).toBe(claimed);
              w.status = row.status;
            }
            // The bookkeeping agrees with the database.
            expect(row.status, `withdrawal ${w.id}`).toBe(w.status);
            expect(row.settled, 'settled once, when final').toBe(OPEN.includes(row.status) ? 0 : 1);
            const before = seen.get(w.id) ?? 'pending';
            expect(before === row.status || reachable(before, row.status), `${before} → ${row.status} along the diagram`).toBe(true);
          }
          seen = new Map(withdrawals.map((w) => [w.id, w.status]));
          claims.clear();
          for (const w of withdrawals) reached.add(w.status);
          if (debt.some((owed) => owed > 0) && withdrawals.length > 0) reached.add('debt met a withdrawal');
          for (const [index, memberId] of members.entries()) {
            const wallet = await balancesOf(index);
            const mine = withdrawals.filter((w) => w.member === index);
            const open = mine.filter((w) => OPEN.includes(w.status)).reduce((sum, w) => sum + w.amount, 0);
            const paidOut = mine.filter((w) => w.status === 'paid').reduce((sum, w) => sum + w.amount, 0);
            expect(wallet.available).toBeGreaterThanOrEqual(0);
            expect(wallet.onHold, 'on hold is the open withdrawals').toBe(open);
            expect(wallet.debt, 'the debt is what the claw-backs could not take').toBe(debt[index]);
            // Money conserved: what came in is in the wallet, on hold, paid out, or taken back.
            expect(wallet.available + wallet.onHold + paidOut + clawedFromWallet[index]!).toBe(cashIn[index]);
            const quote = await quoteWithdrawal({ db, clock, config }, memberId, WITHDRAWAL_SETTINGS.minAmount);
            expect(quote.withdrawable, 'withdrawable = available − debt').toBe(Math.max(0, wallet.available - wallet.debt));
          }
          const report = await buildIntegrityReport(db, clock.now());
          for (const currency of report.trialBalance) expect(currency.total).toBe('0');
          expect(report.ok).toBe(true);
        }

        if (!paired) {
          for (const command of commands) {
            await step(command, 0);
            await check();
          }
        } else {
          for (let i = 0; i < commands.length; i += 2) {
            await Promise.all(commands.slice(i, i + 2).map((command, lane) => step(command, lane)));
            await check();
          }
        }
      }),
      { numRuns: paired ? 20 : 25 },
    );
    expect([...reached].sort()).toEqual(
      [
        'a second payout file',
        'cancelled',
        'debt met a withdrawal',
        'paid',
        'pending',
        'processing',
        'rejected',
        ...(paired ? [] : ['refused for the debt']),
      ].sort(),
    );
  }, 240_000);
});
