import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlSession } from '../src/db/client';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { checkedStates, drawing, enforced, MONEY_OBJECTS, pairKey, stateTriggerOf, tryEveryPair, type MoneyObject } from './state-diagrams';

/**
 * Every money object's states are written once (state_transitions, migration 1110), enforced by
 * one trigger on each object's table (state_transition_check) and drawn in ledger/README.md. For
 * each object: the drawing is the table, the table's CHECK knows the same states, the trigger on
 * the table is the guard with that object's name, and every from → to pair tried through it in SQL
 * passes exactly when the table lists it (a new row only in a starting state).
 */

const OBJECTS = Object.keys(MONEY_OBJECTS) as MoneyObject[];

/** How many changes (a new row counted as one) each object may make: a row added or lost shows here too. */
const COUNTS: Record<MoneyObject, number> = { recharge_order: 13, purchase: 2, commission: 9, referral_hold: 4, withdrawal: 8, approval_request: 5 };

describe.each(DATABASE_KINDS)('money objects’ states on %s', (kind) => {
  let database: TestDatabase;
  const session = <T>(work: (s: SqlSession) => Promise<T>) => database.handle.withSession(work);
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it.each(OBJECTS)('%s: the drawing in ledger/README.md is what the database enforces, pair by pair', async (object) => {
    const drawn = drawing(object);
    await session(async (s) => {
      const listed = await enforced(s, object);
      // The drawing is the table: the same arrows, each labelled with every actor the table names.
      expect(drawn.transitions.map(pairKey).sort()).toEqual(listed.map(pairKey).sort());
      expect(listed).toHaveLength(COUNTS[object]);
      for (const row of listed) {
        const label = drawn.transitions.find((t) => pairKey(t) === pairKey(row))!.who;
        for (const actor of row.who.split(', ')) expect(label, `${pairKey(row)}: ${label}`).toContain(actor);
      }

      // The states: those the table's CHECK allows are those drawn, each reachable and either left or drawn final.
      const states = await checkedStates(s, MONEY_OBJECTS[object]);
      const named = new Set([...drawn.transitions.flatMap((t) => (t.from ? [t.from, t.to] : [t.to])), ...drawn.finals, ...drawn.selfLoops]);
      expect([...named].sort()).toEqual(states);
      const left = new Set(listed.flatMap((t) => (t.from ? [t.from] : [])));
      expect(states.filter((state) => !left.has(state))).toEqual([...drawn.finals].sort());

      // The guard on the real table: before a new row and any change of status, with this object's name.
      const trigger = await stateTriggerOf(s, object);
      expect(trigger.definition).toMatch(/BEFORE INSERT OR UPDATE OF status ON \S+ FOR EACH ROW EXECUTE FUNCTION state_transition_check\('(\w+)'\)/);
      expect(trigger.definition).toContain(`state_transition_check('${object}')`);
      expect(trigger.enabled).toBe('O');

      // Every pair, in SQL: the listed ones pass, every other one is refused.
      const trials = await tryEveryPair(s, object, states, listed);
      expect(trials).toHaveLength(states.length * states.length);
      expect(trials.filter((trial) => trial.passed).map((trial) => trial.pair).sort()).toEqual(listed.map(pairKey).sort());
      for (const trial of trials.filter((t) => !t.passed)) expect(trial.refusal).toMatch(/does not (start|go from)/);
    });
  });

  it('the guard holds on the real tables: a new order never starts submitted, a voided hold never reopens, a new hold never starts decided', async () => {
    await session(async (s) => {
      const refusedBy = async (statement: string, params: unknown[] = []) => {
        await s.exec('begin');
        try {
          await s.query(statement, params);
          return null;
        } catch (error) {
          return (error as { constraint?: string }).constraint ?? 'another error';
        } finally {
          await s.exec('rollback');
        }
      };
      const [user] = await s.query<{ id: string }>(
        `insert into users (email, display_name, password_hash, role, invite_code)
         values ('states@orchard.local', 'States', 'x', 'member', 'STATES01') returning id`,
      );
      await s.exec(`insert into payment_channels (code, kind, name, min_amount, max_amount) values ('state-probe', 'bank_transfer', 'Probe', 1, 1000)`);
      const order = (status: string, reference: string) =>
        s.query(
          `insert into recharge_orders (user_id, channel_code, amount, currency, reference, status, created_at, expires_at)
           values ($1, 'state-probe', 100, 'USD', $2, $3, now(), now() + interval '1 hour')`,
          [user!.id, reference, status],
        );
      await order('awaiting_payment', 'STATE-1');
      expect(await refusedBy(`update recharge_orders set status = 'submitted' where reference = 'STATE-1'`)).toBeNull();
      await s.query(`update recharge_orders set status = 'cancelled' where reference = 'STATE-1'`);
      expect(await refusedBy(`update recharge_orders set status = 'awaiting_payment' where reference = 'STATE-1'`)).toBe('state_transitions');
      expect(await refusedBy(`update recharge_orders set status = 'expired' where reference = 'STATE-1'`)).toBe('state_transitions');
      await s.exec('begin');
      const refused = await order('submitted', 'STATE-2').then(
        () => null,
        (error: { constraint?: string }) => error.constraint,
      );
      await s.exec('rollback');
      expect(refused).toBe('state_transitions');
      expect(await refusedBy(`insert into referral_holds (member_id, status, opened_at, decided_at, reason) values ($1, 'voided', now(), now(), 'planted')`, [user!.id])).toBe(
        'state_transitions',
      );
      await s.query(`insert into referral_holds (member_id, status, opened_at) values ($1, 'open', now())`, [user!.id]);
      await s.query(`update referral_holds set status = 'voided', decided_at = now(), reason = 'by hand' where member_id = $1`, [user!.id]);
      expect(await refusedBy(`update referral_holds set status = 'open', decided_at = null, reason = null where member_id = $1`, [user!.id])).toBe(
        'state_transitions',
      );
      expect(await refusedBy(`update referral_holds set status = 'released' where member_id = $1`, [user!.id])).toBe('state_transitions');
    });
  });
});
