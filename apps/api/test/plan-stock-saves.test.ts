import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_STOCK_MAX, type AdminPlan, type UpsertPlanBody } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { asOperator, buy, createPlan, fund, plansWorld, quickMember, rows, scalar, type PlansWorld } from './plans/helpers';

function body(plan: AdminPlan, changes: Partial<UpsertPlanBody>): UpsertPlanBody {
  return {
    name: plan.name,
    description: plan.description,
    benefits: plan.benefits,
    translations: plan.translations ?? {},
    price: plan.price,
    durationDays: plan.durationDays,
    badge: plan.badge,
    perMemberLimit: plan.perMemberLimit,
    stock: plan.stock,
    saleStartsAt: plan.saleStartsAt,
    saleEndsAt: plan.saleEndsAt,
    active: plan.active,
    sortOrder: plan.sortOrder,
    ...changes,
  };
}

/**
 * Stock is one row per unit (plan_stock_units, numbered 1 to 1,000,000). Saving a plan renumbered
 * every free unit past the highest number on each save, so a large stock passed the numbering's
 * limit after about ten edits and the plan could no longer be saved. A save now touches only what
 * changes: the same stock leaves every unit as it is, more stock adds units at the lowest free
 * numbers, less stock removes the highest free ones; units sold are never touched.
 */
describe.each(DATABASE_KINDS)('saving a plan with stock (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.handle.db;
  const units = (planId: string) =>
    rows<{ unit: number; purchase_id: string | null }>(
      db(),
      sql`select unit, purchase_id from plan_stock_units where plan_id = ${planId} order by unit`,
    );
  const save = async (plan: AdminPlan, changes: Partial<UpsertPlanBody>) => {
    const answer = await asOperator(w, 'PUT', `/plans/${plan.id}`, body(plan, changes));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as AdminPlan;
  };

  // The most stock a plan may have is PLAN_STOCK_MAX (100,000 units; the contract and the plans
  // table's CHECK), not a million: on PostgreSQL that largest stock is saved 100 times. On PGlite
  // (one process, every save also counts the units left for its answer) 20,000 units: still enough
  // that the old renumbering passed unit 1,000,000 within these 100 saves (at the 50th), at a fifth
  // of the time. Unchanged stock writes no unit, so the saves cost what plan edits cost.
  const STOCK = kind === 'pglite' ? 20_000 : PLAN_STOCK_MAX;
  it(`a plan with ${STOCK} units in stock saves 100 times, its units untouched`, { timeout: 120_000 }, async () => {
    let plan = await createPlan(w, { name: 'Big stock', price: 1_000, stock: STOCK });
    const stamp = () =>
      rows<{ n: number; top: number; xmins: string }>(
        db(),
        sql`select count(*)::int as n, max(unit) as top, md5(string_agg(xmin::text, ',' order by unit)) as xmins
              from plan_stock_units where plan_id = ${plan.id}`,
      );
    const [before] = await stamp();
    expect(before).toMatchObject({ n: STOCK, top: STOCK });
    for (let i = 0; i < 100; i++) plan = await save(plan, { description: `Edit ${i}`, sortOrder: i % 10 });
    // Same count, same numbers, and not one row written again (xmin is the transaction that wrote a row).
    expect(await stamp()).toEqual([before]);
    expect(plan).toMatchObject({ stock: STOCK, remainingStock: STOCK });
  });

  it('more stock adds units at the lowest free numbers, less removes the highest free ones, sold units stay as they are', async () => {
    let plan = await createPlan(w, { name: 'Small stock', price: 1_000, stock: 5 });
    const buyers = await Promise.all([quickMember(t), quickMember(t)]);
    for (const buyer of buyers) {
      await fund(w, buyer.userId, 1_000);
      expect((await buy(w, buyer, plan.id)).statusCode).toBe(201);
    }
    const sold = (await units(plan.id)).filter((u) => u.purchase_id !== null);
    expect(sold.map((u) => u.unit)).toEqual([1, 2]);

    plan = await save(plan, { stock: 3 });
    expect((await units(plan.id)).map((u) => u.unit)).toEqual([1, 2, 3]);
    plan = await save(plan, { stock: 6 });
    expect((await units(plan.id)).map((u) => u.unit)).toEqual([1, 2, 3, 4, 5, 6]);
    plan = await save(plan, { stock: null });
    expect(await units(plan.id)).toEqual(sold);
    plan = await save(plan, { stock: 4 });
    expect((await units(plan.id)).map((u) => u.unit)).toEqual([1, 2, 3, 4]);
    expect((await units(plan.id)).filter((u) => u.purchase_id !== null)).toEqual(sold);
    expect(plan).toMatchObject({ stock: 4, remainingStock: 2 });

    // Below the units sold: a 400 naming them, nothing changed.
    const tooLow = await asOperator(w, 'PUT', `/plans/${plan.id}`, body(plan, { stock: 1 }));
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json()).toMatchObject({ error: { fields: { stock: '2 units are sold already: the stock cannot be lower.' } } });
    expect(await scalar(db(), sql`select count(*)::int as n from plan_stock_units where plan_id = ${plan.id}`)).toBe(4);
  });
});
