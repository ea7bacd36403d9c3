import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIntegrityReport } from '../src/ledger/index';
import { credit } from '../src/modules/recharge/credit-order';
import { expireDueOrders } from '../src/modules/recharge/index';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { asOperator, quickMember, rows, secondInstance, type PlansWorld, type SecondInstance } from './plans/helpers';
import { creditsOf, dollars, importStatement, reconciliationWorld } from './reconciliation-helpers';

/**
 * Exactly once under concurrency (modules/reconciliation/README.md): the same statement imported
 * twice at once (on two instances on PostgreSQL) stores each line once and credits each order
 * once; and a model test: any interleaving of bank-line imports, the operator's credits, gateway
 * credits and order expiry credits each order at most once, and the books balance.
 */
describe.each(DATABASE_KINDS)('bank reconciliation races on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let world: Awaited<ReturnType<typeof reconciliationWorld>>;
  let other: SecondInstance | null = null;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await reconciliationWorld(t);
    w = world.w;
    if (kind === 'postgres') other = await secondInstance(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** A camt.053 of one exact payment per order, each with its own bank reference. */
  const statement = (orders: { reference: string; amount: number }[], tag: string) => {
    const entries = orders
      .map(
        (order, index) => `<Ntry><Amt Ccy="USD">${dollars(order.amount)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
          <BookgDt><Dt>2026-11-21</Dt></BookgDt><AcctSvcrRef>${tag}-${index}</AcctSvcrRef>
          <NtryDtls><TxDtls><RmtInf><Ustrd>${order.reference}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
      )
      .join('');
    return `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
      <Acct><Ccy>USD</Ccy></Acct>${entries}</Stmt></BkToCstmrStmt></Document>`;
  };

  it('the same file imported twice at once stores each line once and credits each order once', async () => {
    const orders: { id: string; reference: string; amount: number }[] = [];
    for (const amount of [1100, 1200, 1300, 1400]) orders.push(await world.order(amount));
    const body = { bankName: 'Race Bank', format: 'camt053', fileName: 'race.xml', content: statement(orders, 'RACE') };
    const answers = await Promise.all([importStatement(w, body), importStatement(w, body, other?.app ?? t.app), importStatement(w, body)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const results = answers.map((answer) => answer.json() as { linesNew: number; matched: number });
    expect(results.reduce((sum, result) => sum + result.linesNew, 0)).toBe(4);
    expect(results.reduce((sum, result) => sum + result.matched, 0)).toBe(4);
    for (const order of orders) expect(await creditsOf(t, order.id)).toBe(1);
    const [stored] = await rows<{ n: string }>(db(), sql`select count(*) as n from bank_lines where bank_name = 'Race Bank'`);
    expect(Number(stored!.n)).toBe(4);
  });

  it('any interleaving of imports, manual credits, gateway credits and expiry credits each order at most once', async () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('import' as const), order: fc.nat(2), copy: fc.nat(1) }),
      fc.record({ kind: fc.constant('manual' as const), order: fc.nat(2) }),
      fc.record({ kind: fc.constant('gateway' as const), order: fc.nat(2) }),
      fc.record({ kind: fc.constant('expire' as const) }),
    );
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(action, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        round += 1;
        // A member of its own each round: the open-order cap is per member.
        const member = await quickMember(t);
        const orders: { id: string; reference: string; amount: number }[] = [];
        for (const amount of [2100, 2200, 2300]) orders.push(await world.order(amount, member));
        const run = async (step: (typeof batches)[number][number]) => {
          const order = orders['order' in step ? step.order : 0]!;
          if (step.kind === 'import') {
            // Two copies of a line: the same bank reference (the same line again) or another (a second payment).
            const body = { bankName: 'Model Bank', format: 'camt053', fileName: 'm.xml', content: statement([order], `M${round}-${order.reference}-${step.copy}`) };
            return importStatement(w, body, other && step.copy ? other.app : t.app);
          }
          if (step.kind === 'manual') return asOperator(w, 'POST', `/recharge/orders/${order.id}/credit`, undefined, randomUUID());
          if (step.kind === 'gateway') {
            const deps = { db: db(), clock: t.clock, config: t.config };
            return credit(db(), deps, { orderId: order.id, actor: null, note: null, paymentReference: `gw-${randomUUID()}`, requestKey: null }).catch(
              (error: unknown) => error,
            );
          }
          return expireDueOrders(db(), new Date(t.clock.now().getTime() + 86_400_000));
        };
        for (const batch of batches) {
          const answers = await Promise.all(batch.map(run));
          for (const answer of answers) {
            if (answer && typeof answer === 'object' && 'statusCode' in answer && 'body' in answer) {
              expect(answer.statusCode, String(answer.body)).toBeLessThan(500);
            }
          }
        }
        for (const order of orders) {
          const credits = await creditsOf(t, order.id);
          expect(credits).toBeLessThanOrEqual(1);
          const [row] = await rows<{ status: string }>(db(), sql`select status from recharge_orders where id = ${order.id}`);
          expect(row!.status === 'credited').toBe(credits === 1);
          const exact = await rows(db(), sql`select id from bank_lines where recharge_order_id = ${order.id} and reason = 'exact'`);
          expect(exact.length).toBeLessThanOrEqual(credits);
        }
      }),
      { numRuns: kind === 'postgres' ? 12 : 8 },
    );
    expect((await buildIntegrityReport(db(), t.clock.now())).ok).toBe(true);
  });
});
