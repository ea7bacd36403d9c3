// The earnings disclosure's daily computation (docs/decisions/0031) as the business grows, on
// PostgreSQL. Run by scripts/bench/disclosure.mjs (npm run bench) through tsx: it times the API's
// own computeFigures. Members are added in steps (BENCH_DISCLOSURE_MEMBERS, e.g. "10000,100000"),
// each with 1.5 purchases on average over two years and commissions on 60 % of them at three
// levels (three in four released), written in bulk with triggers and foreign-key checks off
// (session_replication_role = replica): the figures need the tables' shape and indexes, not the
// money rules. After each step the computation is timed (median of 3).
import type pg from 'pg';
import { computeFigures } from '../../apps/api/src/modules/disclosure/compute';
import { withBenchDatabase } from './bench-database';

const STEPS = (process.env.BENCH_DISCLOSURE_MEMBERS || '10000,100000').split(',').map(Number);
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function addMembers(client: pg.Client, from: number, to: number) {
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query(
    `insert into users (email, display_name, password_hash, role, invite_code, created_at)
     select 'm' || g || '@bench.local', 'M', 'x', 'member', upper(lpad(to_hex(g), 8, '0')), now() - interval '800 days' * random()
       from generate_series($1::int, $2::int) g`,
    [from, to],
  );
  await client.query(
    `create temporary table new_members on commit drop as
       select id, row_number() over () as n from users where role = 'member' and email ~ '^m[0-9]+@bench' and
         substring(email from 2 for position('@' in email) - 2)::int between $1 and $2`,
    [from, to],
  );
  await client.query('create index on new_members (n)');
  await client.query('analyze new_members');
  const buyers = Math.round((to - from + 1) * 1.5);
  await client.query(
    `insert into purchases (id, request_key, user_id, plan_id, plan_name, duration_days, currency, price, discount, paid,
                            starts_at, ends_at, status, refunded_at, refund_transaction_id, ledger_transaction_id, created_at)
     select gen_random_uuid(), 'b' || g, m.id, gen_random_uuid(), 'Bench plan', 30, 'USD', p.price, 0, p.price, p.at,
            p.at + interval '30 days', case when g % 50 = 0 then 'refunded' else 'active' end,
            case when g % 50 = 0 then p.at + interval '1 day' end, case when g % 50 = 0 then -($3::bigint + g) end, $3::bigint + g, p.at
       from generate_series(1, $1::int) g
       cross join lateral (select 1 + (hashint4(g) & 2147483647) % $2 as n, (array[2500, 5000, 10000])[1 + g % 3] as price,
                                  now() - interval '730 days' * random() as at) p
       join new_members m on m.n = p.n`,
    [buyers, to - from + 1, from * 10],
  );
  await client.query(
    `insert into commissions (purchase_id, level, beneficiary_id, rate_bp, amount, status, release_at, released_at, created_at)
     select p.id, l.level, (select id from new_members where n = 1 + (hashint4(p.ledger_transaction_id::int + l.level) & 2147483647) % $1),
            l.bp, p.paid * l.bp / 10000, s.status, p.created_at + interval '7 days',
            case when s.status = 'available' then p.created_at + interval '7 days' end, p.created_at
       from purchases p cross join (values (1, 1000), (2, 500), (3, 200)) l(level, bp)
       cross join lateral (select case when p.status = 'refunded' then 'reversed' when p.ledger_transaction_id % 4 = 0 then 'pending'
                                       else 'available' end as status) s
      where p.ledger_transaction_id > $2 and p.ledger_transaction_id % 10 < 6`,
    [to - from + 1, from * 10],
  );
  await client.query('commit');
  for (const table of ['users', 'purchases', 'commissions']) await client.query(`vacuum analyze ${table}`);
}

async function main() {
  const steps: Array<{ members: number; purchases: number; commissions: number; seedSeconds: number; computeMs: number }> = [];
  await withBenchDatabase('orchard_bench_disclosure', 2, async (handle, client) => {
    let done = 0;
    for (const members of STEPS) {
      let t = process.hrtime.bigint();
      await addMembers(client, done + 1, members);
      const seedSeconds = Math.round(ms(t) / 100) / 10;
      done = members;
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        t = process.hrtime.bigint();
        await computeFigures(handle.db, new Date(), 'USD');
        times.push(ms(t));
      }
      const { rows } = await client.query(
        `select (select count(*) from purchases)::int as purchases, (select count(*) from commissions)::int as commissions`,
      );
      steps.push({ members, ...rows[0], seedSeconds, computeMs: Math.round(times.sort((a, b) => a - b)[1]!) });
    }
  });
  console.log(JSON.stringify({ steps }));
}

await main();
