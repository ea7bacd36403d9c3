// `npm run bench`: every benchmark, printed as plain lines and kept in bench-results/latest.json.
// Timing goals are checked here, never by timed assertions in tests.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';
import { runLighthouseOnBuiltServer } from './bench/lighthouse.mjs';
import { FIRST_LOAD_BUDGET_BYTES, runStartupAndBundle } from './bench/startup-and-bundle.mjs';

ensureInstalled();
ensureBuilt();

const results = { at: new Date().toISOString() };
results.startupAndBundle = await runStartupAndBundle();
// Scores against goals, reported pass/fail; a missed goal does not change the exit status.
results.lighthouse = await runLighthouseOnBuiltServer();

const ledgerBench = join(ROOT, 'scripts/bench/ledger-credits.mjs');
if (existsSync(ledgerBench)) {
  const { runLedgerCredits } = await import(pathToFileURL(ledgerBench).href);
  if (typeof runLedgerCredits === 'function') results.ledgerCredits = await runLedgerCredits();
}

// Purchases/s through the API against pgbench running the same transaction; goal ratio >= 0.6,
// reported pass/fail like Lighthouse (a miss does not change the exit status).
const purchasesBench = join(ROOT, 'scripts/bench/purchases.mjs');
if (existsSync(purchasesBench)) {
  const { runPurchases } = await import(pathToFileURL(purchasesBench).href);
  if (typeof runPurchases === 'function') {
    // A failed run is recorded (and printed) so the figures above still reach latest.json.
    results.purchases = await runPurchases().catch((error) => {
      console.error(`purchases: failed: ${error instanceof Error ? error.message : String(error)}`);
      return { error: error instanceof Error ? error.message : String(error) };
    });
  }
}

// The team screens with a million members (issue 12); goal p95 <= 20 ms, reported pass/fail.
const teamBench = join(ROOT, 'scripts/bench/team.mjs');
if (existsSync(teamBench)) {
  const { runTeam } = await import(pathToFileURL(teamBench).href);
  if (typeof runTeam === 'function') {
    results.team = await runTeam().catch((error) => {
      console.error(`team: failed: ${error instanceof Error ? error.message : String(error)}`);
      return { error: error instanceof Error ? error.message : String(error) };
    });
  }
}

// The console dashboard with 10 M ledger entries (issue 14); goal p95 <= 50 ms, reported pass/fail.
const dashboardBench = join(ROOT, 'scripts/bench/dashboard.mjs');
if (existsSync(dashboardBench)) {
  const { runDashboard } = await import(pathToFileURL(dashboardBench).href);
  if (typeof runDashboard === 'function') {
    results.dashboard = await runDashboard().catch((error) => {
      console.error(`dashboard: failed: ${error instanceof Error ? error.message : String(error)}`);
      return { error: error instanceof Error ? error.message : String(error) };
    });
  }
}

mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
const overBudget = results.startupAndBundle.firstLoad.total > FIRST_LOAD_BUDGET_BYTES;
process.exit(overBudget ? 1 : 0);
