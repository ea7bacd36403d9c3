// `npm run bench` line: the incremental integrity check since the last sealed day after a day of
// new entries, beside the full scan (books-incremental.ts, run through tsx: it calls the API's own
// functions). BENCH_BOOKS_ENTRIES (history, 600,000; 100,000 with --quick), BENCH_BOOKS_MEMBERS (10,000).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const log = (line) => console.log(`booksIncremental: ${line}`);

export async function runBooksIncremental({ quick = false } = {}) {
  const entries = process.env.BENCH_BOOKS_ENTRIES || (quick ? '100000' : '600000');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/books-incremental.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_BOOKS_ENTRIES: entries },
    encoding: 'utf8',
    timeout: 20 * 60_000,
  });
  const line = run.stdout.split('\n').find((text) => text.startsWith('{'));
  if (!line) throw new Error(`books-incremental failed: ${(run.stderr || run.stdout).split('\n').slice(0, 5).join(' | ')}`);
  const result = JSON.parse(line);
  log(
    `${result.entries.toLocaleString('en')} entries sealed over ${result.sealed} days (seeded ${result.seedSeconds} s, linked ${result.linkSeconds} s, sealed ${result.sealSeconds} s); a day of ${result.dayEntries.toLocaleString('en')} new entries checked since the seal in ${result.incrementalMs} ms (ok=${result.incrementalOk}); full scan ${result.fullMs} ms (ok=${result.fullOk})`,
  );
  return { ...result, goalMet: result.incrementalMs <= 100 };
}

if (import.meta.url === `file://${process.argv[1]}`) await runBooksIncremental({ quick: process.argv.includes('--quick') });
