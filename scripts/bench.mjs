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

mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
const overBudget = results.startupAndBundle.firstLoad.total > FIRST_LOAD_BUDGET_BYTES;
process.exit(overBudget ? 1 : 0);
