// `npm test`: the static checks (type check of every workspace, ESLint), then every suite —
// unit and API (Vitest; API suites also on PostgreSQL when TEST_DATABASE_URL is set) and
// browser journeys (Playwright on Chromium) — then one line `N passed, N failed[, N skipped]`
// summed over all of them. Each static check counts as one: failed if it reports any error.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, findChromium, ROOT, run } from './lib.mjs';

const RESULTS = join(ROOT, '.test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

ensureInstalled();
const chromium = findChromium();
if (!chromium) {
  console.error(
    'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let runnerFailed = false;

// Static checks first: seconds rather than minutes, and they name the line that is wrong.
// Both generate the route tree first (scripts/route-tree.mjs), so they work on a clean clone.
const checks = [
  ['Type check', ['run', '--silent', 'typecheck']],
  ['Lint', ['run', '--silent', 'lint']],
];
for (const [name, args] of checks) {
  console.log(`\n${name} (npm ${args.join(' ')})`);
  const status = run('npm', args);
  console.log(`${name}: ${status === 0 ? 'passed' : 'failed'}`);
  if (status === 0) totals.passed += 1;
  else totals.failed += 1;
}

ensureBuilt();

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

// Unit + API suites.
const vitestReport = join(RESULTS, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A file that failed to load has no tests to count but is a failure all the same.
  const brokenFiles = vitest.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  totals.failed += brokenFiles;
}
if (!vitest || (vitestStatus !== 0 && vitest.numFailedTests === 0)) runnerFailed = true;

// The scale-out shape under failure, short form (scripts/chaos/run.mjs; `npm run test:chaos` is
// the full one): each of its checks counts; missing haproxy or PostgreSQL binaries count as skipped.
console.log('\nChaos (node scripts/chaos/run.mjs --short)');
const chaosStatus = run('node', ['scripts/chaos/run.mjs', '--short']);
const chaos = readJson(join(RESULTS, 'chaos.json'));
if (chaos?.checks) {
  totals.passed += chaos.passed;
  totals.failed += chaos.failed;
} else if (chaosStatus !== 0) {
  totals.failed += 1;
} else {
  totals.skipped += 1;
}

// Browser journeys.
const playwrightReport = join(RESULTS, 'playwright.json');
const playwrightStatus = run('npx', ['playwright', 'test'], {
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
});
const playwright = readJson(playwrightReport);
if (playwright?.stats) {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  if (playwright.errors?.length) totals.failed += playwright.errors.length;
}
if (!playwright?.stats || (playwrightStatus !== 0 && !playwright.stats.unexpected && !playwright.errors?.length)) runnerFailed = true;

if (runnerFailed && totals.failed === 0) totals.failed = 1;
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(join(RESULTS, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(totals.failed > 0 ? 1 : 0);
