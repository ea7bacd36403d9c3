// `npm run bench` (`-- --quick` for a short version of each): every benchmark in one run, each
// figure beside its anchor measured in the same run on the same machine, printed as plain lines,
// kept in bench-results/latest.json and drawn in docs/bench-latest.svg. Timing goals are checked
// here, never by timed assertions in tests; a missed goal is reported and does not fail the run
// (the first-load budget does).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';
import { runBooksIncremental } from './bench/books-incremental.mjs';
import { runDashboard } from './bench/dashboard.mjs';
import { runDisclosure } from './bench/disclosure.mjs';
import { runLedgerCredits } from './bench/ledger-credits.mjs';
import { runLighthouseOnBuiltServer } from './bench/lighthouse.mjs';
import { runLoad } from './bench/load.mjs';
import { runPurchases } from './bench/purchases.mjs';
import { FIRST_LOAD_BUDGET_BYTES, runStartupAndBundle } from './bench/startup-and-bundle.mjs';
import { runTeam } from './bench/team.mjs';
import { runWalletRead } from './bench/wallet-read.mjs';
import { benchChart } from './bench/chart.mjs';

const quick = process.argv.includes('--quick');
ensureInstalled();
ensureBuilt();

const results = { at: new Date().toISOString(), quick, loadAverage1m: Number(loadavg()[0].toFixed(1)) };
/** Runs one bench; a failure is recorded (and printed) so that the others' figures still land. */
async function section(name, run) {
  console.log(`\n== ${name}`);
  try {
    results[name] = await run();
  } catch (error) {
    console.error(`${name}: failed: ${error instanceof Error ? error.message : String(error)}`);
    results[name] = { error: error instanceof Error ? error.message : String(error) };
  }
}

await section('startupAndBundle', () => runStartupAndBundle());
await section('lighthouse', () => runLighthouseOnBuiltServer({ runs: quick ? 1 : 3 }));
await section('purchases', () => runPurchases());
await section('ledgerCredits', () => runLedgerCredits({ quick }));
await section('walletRead', () => runWalletRead({ quick }));
await section('load', () => runLoad({ quick }));
await section('team', () => runTeam({ quick }));
await section('dashboard', () => runDashboard({ quick }));
await section('booksIncremental', () => runBooksIncremental({ quick }));
await section('disclosure', () => runDisclosure({ quick }));

// ------------------------------------------------------------ the lines, ratios first
const lines = [];
const add = (label, value, goal, pass, unit = '') => lines.push({ label, value, goal, pass, unit });
const r = results;
if (r.purchases?.ratio !== undefined)
  add(
    `purchases/s API ÷ pgbench (${r.purchases.apiPurchasesPerSecond}/${r.purchases.pgbenchTps})`,
    r.purchases.ratio,
    '≥ 0.6',
    r.purchases.ratio >= 0.6,
  );
if (r.booksIncremental?.incrementalMs !== undefined)
  add(
    `books check since the last seal, a day of ${r.booksIncremental.dayEntries} entries (${r.booksIncremental.entries} in all; full scan ${r.booksIncremental.fullMs} ms)`,
    r.booksIncremental.incrementalMs,
    '≤ 100 ms',
    r.booksIncremental.incrementalMs <= 100,
    ' ms',
  );
if (r.disclosure?.computeMs !== undefined)
  add(
    `earnings disclosure computed, ${r.disclosure.members.toLocaleString('en')} members (${r.disclosure.steps.map((step) => `${step.members.toLocaleString('en')}: ${step.computeMs} ms`).join(', ')})`,
    r.disclosure.computeMs,
    '≤ 60000',
    r.disclosure.computeMs <= 60_000,
    ' ms',
  );
if (r.ledgerCredits?.ratio !== undefined)
  add(
    `credits/s API ÷ pgbench (${r.ledgerCredits.apiCreditsPerSecond}/${r.ledgerCredits.pgbenchTps})`,
    r.ledgerCredits.ratio,
    '≥ 0.6',
    r.ledgerCredits.ratio >= 0.6,
  );
if (r.walletRead?.ratio !== undefined) {
  add(
    `wallet GET ÷ bare Fastify (${r.walletRead.wallet.perSecond}/${r.walletRead.bareFastify.perSecond} req/s)`,
    r.walletRead.ratio,
    '≥ 0.2',
    r.walletRead.ratio >= 0.2,
  );
  add('wallet GET p99 at 50 connections', r.walletRead.wallet.p99Ms, '≤ 20', r.walletRead.wallet.p99Ms <= 20, 'ms');
}
if (r.startupAndBundle?.startup) {
  add('start-up, existing data', Math.round(r.startupAndBundle.startup.warmMs), '≤ 1500', r.startupAndBundle.startup.warmMs <= 1500, 'ms');
  add(
    'start-up, fresh data directory',
    Math.round(r.startupAndBundle.startup.freshMs),
    '≤ 3000',
    r.startupAndBundle.startup.freshMs <= 3000,
    'ms',
  );
}
if (r.startupAndBundle?.firstLoad) {
  const kb = Number((r.startupAndBundle.firstLoad.total / 1024).toFixed(1));
  add('first load of / (gzip)', kb, '≤ 120', r.startupAndBundle.firstLoad.total <= FIRST_LOAD_BUDGET_BYTES, 'KB');
}
for (const [path, page] of Object.entries(r.lighthouse?.pages ?? {})) {
  if (typeof page.performance === 'number')
    add(`Lighthouse mobile performance ${path}`, page.performance, '≥ 0.95', page.performance >= 0.95);
}
if (r.load?.latencyMs) {
  add(`load: ${r.load.users} members × ${r.load.seconds} s, 2 instances — errors`, r.load.errors, '= 0', r.load.errors === 0);
  add('load: p95', r.load.latencyMs.p95, '≤ 300', r.load.latencyMs.p95 <= 300, 'ms');
}
if (r.team?.calls?.level3) {
  add(
    `team level 3 p95 (${(r.team.members ?? 0).toLocaleString('en')} members)`,
    r.team.calls.level3.p95,
    '≤ 20',
    r.team.calls.level3.p95 <= 20,
    'ms',
  );
}
if (r.dashboard?.dashboard) {
  const entries = (r.dashboard.entries ?? 0).toLocaleString('en');
  add(`console dashboard p95 (${entries} entries)`, r.dashboard.dashboard.p95, '≤ 50', r.dashboard.dashboard.p95 <= 50, 'ms');
  if (r.dashboard.statement)
    add(`statement page p95 (${entries} entries)`, r.dashboard.statement.p95, '≤ 50', r.dashboard.statement.p95 <= 50, 'ms');
  add(`ledger report (${entries} entries)`, r.dashboard.ledgerReportMs, '≤ 1000', r.dashboard.ledgerReportMs <= 1000, 'ms');
}
results.lines = lines;

console.log(`\n== Summary (${quick ? 'quick' : 'full'} run, load average ${results.loadAverage1m} at the start)`);
for (const line of lines)
  console.log(
    `${line.pass ? 'pass' : 'MISS'}  ${line.label}: ${line.value}${line.unit ? ` ${line.unit}` : ''} (goal ${line.goal}${line.unit ? ` ${line.unit}` : ''})`,
  );

mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(ROOT, 'docs', 'bench-latest.svg'), benchChart(lines, { at: results.at, quick }));
console.log('\nbench-results/latest.json and docs/bench-latest.svg written');
const overBudget = (r.startupAndBundle?.firstLoad?.total ?? 0) > FIRST_LOAD_BUDGET_BYTES;
process.exit(overBudget ? 1 : 0);
