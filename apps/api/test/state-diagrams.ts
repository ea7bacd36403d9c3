import { readFileSync } from 'node:fs';
import type { SqlSession } from '../src/db/client';

/**
 * The money objects' states as ledger/README.md draws them and as the database enforces them
 * (state_transitions, migration 1110; the trigger function state_transition_check). Each Mermaid
 * diagram names its object on a `%% states: <object>` line; each arrow is `from --> to: who …`,
 * `[*]` being where a new one starts (`X --> [*]`: X is final).
 */

export const MONEY_OBJECTS = {
  recharge_order: 'recharge_orders',
  purchase: 'purchases',
  commission: 'commissions',
  referral_hold: 'referral_holds',
  withdrawal: 'withdrawals',
  approval_request: 'approval_requests',
} as const;
export type MoneyObject = keyof typeof MONEY_OBJECTS;

/** One change of state: `from` null is where a new one starts. */
export interface Transition {
  from: string | null;
  to: string;
  /** The arrow's label (drawn), or who moves it (the table's `actor`). */
  who: string;
}

export interface Drawing {
  transitions: Transition[];
  /** States drawn as final (`X --> [*]`). */
  finals: string[];
  /** States drawn with an arrow to themselves (a change of other columns). */
  selfLoops: string[];
}

const START = '[*]';
const ARROW = /^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)\s*:\s*(.+?)\s*$/;

/** The diagram of one object in ledger/README.md, parsed. */
export function drawing(object: MoneyObject, readme = readFileSync(new URL('../src/ledger/README.md', import.meta.url), 'utf8')): Drawing {
  const marker = readme.indexOf(`%% states: ${object}\n`);
  if (marker < 0) throw new Error(`ledger/README.md draws no diagram for ${object}`);
  const start = readme.lastIndexOf('```mermaid', marker);
  const block = readme.slice(start, readme.indexOf('```', marker));
  if (!/^```mermaid\s*\n\s*stateDiagram-v2\s*\n/.test(block)) throw new Error(`the ${object} diagram is not a stateDiagram-v2`);
  const drawn: Drawing = { transitions: [], finals: [], selfLoops: [] };
  for (const line of block.split('\n')) {
    const final = /^\s*(\w+)\s*-->\s*\[\*\]\s*$/.exec(line);
    if (final) {
      drawn.finals.push(final[1]!);
      continue;
    }
    const arrow = ARROW.exec(line);
    if (!arrow) continue;
    const [, from, to, who] = arrow as unknown as [string, string, string, string];
    if (to === START) throw new Error(`${object}: an arrow to [*] carries no label`);
    if (from === to) drawn.selfLoops.push(from);
    else drawn.transitions.push({ from: from === START ? null : from, to, who });
  }
  return drawn;
}

/** What state_transitions lists for one object. */
export async function enforced(session: SqlSession, object: MoneyObject): Promise<Transition[]> {
  const rows = await session.query<{ from_state: string | null; to_state: string; actor: string }>(
    'select from_state, to_state, actor from state_transitions where object = $1',
    [object],
  );
  return rows.map((row) => ({ from: row.from_state, to: row.to_state, who: row.actor }));
}

export const pairKey = (t: { from: string | null; to: string }) => `${t.from ?? START} -> ${t.to}`;

/** The states the table's own CHECK allows for `status` (the values listed in `<table>_status_check`). */
export async function checkedStates(session: SqlSession, table: string): Promise<string[]> {
  const [row] = await session.query<{ definition: string }>(
    `select pg_get_constraintdef(c.oid) as definition from pg_constraint c
      where c.conrelid = $1::regclass and c.conname = $2`,
    [table, `${table}_status_check`],
  );
  if (!row) throw new Error(`${table} has no ${table}_status_check`);
  return [...row.definition.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!).sort();
}

/** The definition of the state trigger on an object's table (exactly one, calling state_transition_check with the object's name). */
export async function stateTriggerOf(session: SqlSession, object: MoneyObject): Promise<{ definition: string; enabled: string }> {
  const rows = await session.query<{ definition: string; enabled: string }>(
    `select pg_get_triggerdef(t.oid) as definition, t.tgenabled::text as enabled
       from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = $1::regclass and not t.tgisinternal and p.proname = 'state_transition_check'`,
    [MONEY_OBJECTS[object]],
  );
  if (rows.length !== 1) throw new Error(`${MONEY_OBJECTS[object]} has ${rows.length} state triggers`);
  return rows[0]!;
}

export interface Trial {
  /** `[*] -> s` (a new row in s) or `a -> b` (an update of a row in a to b). */
  pair: string;
  passed: boolean;
  /** Why it was refused (the error's message), when it was. */
  refusal?: string;
}

type Failure = { code?: string; constraint?: string; message?: string };

/**
 * Tries every from → to pair of `states` (and a new row in each) through the object's trigger,
 * in SQL: the trigger, as the database defines it on the object's table, is bound to a scratch
 * table with only `status` (so no other CHECK of the real table gets in the way), and each trial
 * runs in a transaction rolled back after it. A row reaches its `from` state by the shortest
 * path of `allowed` changes from a starting state (each step itself goes through the trigger).
 * A trial is refused only by the state guard (SQLSTATE 23514, constraint `state_transitions`):
 * any other error fails the call.
 */
export async function tryEveryPair(session: SqlSession, object: MoneyObject, states: string[], allowed: Transition[]): Promise<Trial[]> {
  const probe = `state_probe_${object}`;
  const { definition } = await stateTriggerOf(session, object);
  const bound = definition.replace(/ ON \S+ FOR EACH /, ` ON ${probe} FOR EACH `);
  if (bound === definition) throw new Error(`cannot rebind: ${definition}`);
  await session.exec(`create temporary table ${probe} (id integer primary key, status text not null)`);
  await session.exec(bound);

  const paths = new Map<string, string[]>();
  for (const t of allowed) if (t.from === null && !paths.has(t.to)) paths.set(t.to, [t.to]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const t of allowed) {
      const via = t.from === null ? undefined : paths.get(t.from);
      if (via && !paths.has(t.to)) {
        paths.set(t.to, [...via, t.to]);
        grown = true;
      }
    }
  }

  const attempt = async (steps: string[]): Promise<Trial> => {
    await session.exec('begin');
    try {
      for (const [i, step] of steps.entries()) {
        if (i === 0) await session.query(`insert into ${probe} (id, status) values (1, $1)`, [step]);
        else await session.query(`update ${probe} set status = $1 where id = 1`, [step]);
      }
      return { pair: '', passed: true };
    } catch (error) {
      const failure = error as Failure;
      if (failure.code !== '23514' || failure.constraint !== 'state_transitions') throw error;
      return { pair: '', passed: false, refusal: failure.message };
    } finally {
      await session.exec('rollback');
    }
  };

  const trials: Trial[] = [];
  try {
    for (const to of states) trials.push({ ...(await attempt([to])), pair: `${START} -> ${to}` });
    for (const from of states) {
      const path = paths.get(from);
      if (!path) throw new Error(`${object}: no allowed path reaches ${from}`);
      // The path itself must pass: every step of it is an allowed change.
      const reached = await attempt(path);
      if (!reached.passed) throw new Error(`${object}: the allowed path ${path.join(' -> ')} was refused: ${reached.refusal}`);
      for (const to of states) {
        if (to === from) continue;
        trials.push({ ...(await attempt([...path, to])), pair: `${from} -> ${to}` });
      }
    }
  } finally {
    await session.exec(`drop table ${probe}`);
  }
  return trials;
}
