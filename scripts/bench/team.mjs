#!/usr/bin/env node
// The team screens with a million members: the summary and the first page of each level through
// the HTTP API on PostgreSQL, p50/p95/max per call. Goal (issue 12): p95 <= 20 ms. Standalone:
//
//   node scripts/bench/team.mjs            # 1,000,000 members
//   node scripts/bench/team.mjs --quick    # 100,000 members
//
// Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
// names a server for admin work; a fresh database `orchard_bench_team_<hex>` is created beside it and
// dropped afterwards. BENCH_TEAM_MEMBERS overrides the member count, BENCH_TEAM_ROUNDS (20) the rounds.
//
// The tree: 10 founders, then every member invited by an earlier one picked with a strong bias to
// the oldest (index = (i - 1) * u^3, u uniform): a power law, as referral programs have, where the
// first members have thousands of direct invitees and hundreds of thousands on level 3. One member
// in three bought plans. The rows are written in bulk with the chain triggers off, then the
// ancestors and rollups are computed the way migration 0800 backfills them, so the tables look as
// the triggers would have left them. Viewers: the 10 founders (the largest teams) and 40 members
// drawn at random among those with a team, each signed in with a session row of their own.
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { httpClient, onBenchServer, percentile, roundMs } from './support.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOAL_P95_MS = 20;
const log = (line) => console.log(`team: ${line}`);

/** Writes `members` members in a power-law referral tree, with purchases and commission rollups. */
async function seedTree(db, members) {
  const started = Date.now();
  await db.query('alter table users disable trigger users_chain_set');
  await db.query('alter table users disable trigger team_member_joined');
  await db.query(
    `create unlogged table bench_tree as
    select i, gen_random_uuid() as id,
           case when i <= 10 then null else 1 + floor((i - 1) * power(random(), 3))::int end as ref_i,
           case when random() < 0.33 then (1 + floor(random() * 8))::bigint * 2500 else 0 end as paid
      from generate_series(1, $1::int) as i`,
    [members],
  );
  await db.query('alter table bench_tree add primary key (i)');
  await db.query(
    `insert into users (id, email, display_name, password_hash, invite_code, referrer_id, ancestor_2, ancestor_3, created_at)
    select t.id, 'm' || t.i || '@bench.local', 'Member ' || t.i, 'not-a-real-hash', upper(lpad(to_hex(t.i), 8, '0')),
           r.id, r2.id, r3.id, now() - ($1::int - t.i) * interval '15 seconds'
      from bench_tree t
      left join bench_tree r on r.i = t.ref_i
      left join bench_tree r2 on r2.i = r.ref_i
      left join bench_tree r3 on r3.i = r2.ref_i
     order by t.i`,
    [members],
  );
  await db.query('alter table users enable trigger users_chain_set');
  await db.query('alter table users enable trigger team_member_joined');
  // What the purchase and commission triggers would have kept: 10 % / 5 % / 2 % to the uplines, released.
  await db.query(`insert into team_member_totals (user_id, purchases_total, brought_1, brought_2, brought_3)
    select u.id, t.paid,
           case when u.referrer_id is null then 0 else t.paid / 10 end,
           case when u.ancestor_2 is null then 0 else t.paid / 20 end,
           case when u.ancestor_3 is null then 0 else t.paid / 50 end
      from bench_tree t join users u on u.id = t.id where t.paid > 0`);
  await db.query(`insert into team_level_totals (user_id, level, members, purchases_total, commission_available)
    select a.id, a.level, count(*), coalesce(sum(m.purchases_total), 0),
           coalesce(sum(case a.level when 1 then m.brought_1 when 2 then m.brought_2 else m.brought_3 end), 0)
      from users u
      cross join lateral (values (1, u.referrer_id), (2, u.ancestor_2), (3, u.ancestor_3)) as a(level, id)
      left join team_member_totals m on m.user_id = u.id
     where a.id is not null
     group by a.id, a.level`);
  await db.query('vacuum analyze users');
  await db.query('vacuum analyze team_level_totals');
  await db.query('vacuum analyze team_member_totals');
  return (Date.now() - started) / 1000;
}

/** Session rows for the viewers: the founders and a random sample of members who have a team. */
async function viewers(db) {
  const { rows } = await db.query(`(select u.id from users u join bench_tree t on t.id = u.id where t.i <= 10)
    union all
    (select user_id from team_level_totals where level = 1 and members > 0 order by random() limit 40)`);
  const out = [];
  for (const { id } of rows) {
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at) values ($1, $2, now(), now(), now() + interval '1 day')`,
      [id, createHash('sha256').update(token).digest('hex')],
    );
    out.push({ id, cookie: `orchard_session=${token}` });
  }
  return out;
}

export async function runTeam({ quick = process.argv.includes('--quick') } = {}) {
  const members = Number(process.env.BENCH_TEAM_MEMBERS || (quick ? 100_000 : 1_000_000));
  const rounds = Number(process.env.BENCH_TEAM_ROUNDS || (quick ? 5 : 20));
  return onBenchServer({ root: ROOT, prefix: 'orchard_bench_team', log }, async ({ db, base }) => {
    log(`seeding ${members.toLocaleString('en')} members…`);
    const seedSeconds = await seedTree(db, members);
    const { rows: shape } = await db.query(`select level, max(members)::int as largest, round(avg(members), 1)::float as mean
      from team_level_totals group by level order by level`);
    log(
      `seeded in ${seedSeconds.toFixed(1)} s; largest team per level: ${shape.map((row) => `L${row.level} ${row.largest.toLocaleString('en')}`).join(', ')}`,
    );
    const people = await viewers(db);
    const client = httpClient(base, { maxSockets: 4 });
    const calls = {
      summary: '/api/v1/team',
      level1: '/api/v1/team/members?level=1',
      level2: '/api/v1/team/members?level=2',
      level3: '/api/v1/team/members?level=3',
    };
    // Warm-up: one pass, not measured.
    for (const viewer of people) for (const path of Object.values(calls)) await client.call('GET', path, { cookie: viewer.cookie });
    const times = Object.fromEntries(Object.keys(calls).map((key) => [key, []]));
    for (let r = 0; r < rounds; r++) {
      for (const viewer of people) {
        for (const [key, path] of Object.entries(calls)) {
          const started = process.hrtime.bigint();
          const response = await client.call('GET', path, { cookie: viewer.cookie });
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text}`);
          times[key].push(ms);
        }
      }
    }
    client.close();
    const result = {
      members,
      seedSeconds: roundMs(seedSeconds),
      largestTeam: shape,
      viewers: people.length,
      rounds,
      goalP95Ms: GOAL_P95_MS,
      calls: {},
    };
    let worst = 0;
    for (const [key, list] of Object.entries(times)) {
      list.sort((a, b) => a - b);
      const line = {
        p50: roundMs(percentile(list, 50)),
        p95: roundMs(percentile(list, 95)),
        max: roundMs(list[list.length - 1]),
        n: list.length,
      };
      result.calls[key] = line;
      worst = Math.max(worst, line.p95);
      log(`${key}: p50 ${line.p50} ms, p95 ${line.p95} ms, max ${line.max} ms (${line.n} requests)`);
    }
    result.worstP95 = worst;
    result.pass = worst <= GOAL_P95_MS;
    log(`worst p95 ${worst} ms, goal <= ${GOAL_P95_MS} ms: ${result.pass ? 'pass' : 'MISS'}`);
    return result;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runTeam();
}
