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
  | { op: 'advance'; minutes: number };

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
);

describe.each(DATABASE_KINDS)('ledger invariants under random money flows on %s', (kind) => {
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
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps every entry balanced, every cached balance equal to its entries, no member below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 25 }), async (commands) => {
        const members = await Promise.all(Array.from({ length: MEMBERS }, () => insertUser(deps.db)));
        const expected = members.map(() => 0);
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
              case 'adjust': {
                await adjustBalance(
                  deps,
                  operator,
                  members[command.member]!,
                  { direction: command.direction, amount: command.amount, reason: 'property test' },
                  `k${++keyCounter}`,
                );
                expected[command.member]! += command.direction === 'credit' ? command.amount : -command.amount;
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
                  await recharge.creditOrder(deps, operator, order.id);
                  expect(credited.has(order.id)).toBe(false);
                  credited.add(order.id);
                  expected[order.member]! += order.amount;
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
