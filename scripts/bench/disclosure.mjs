// `npm run bench` line: the earnings disclosure's daily computation (docs/decisions/0031) at growing
// member counts (disclosure.ts, run through tsx: it times the API's own computeFigures).
// BENCH_DISCLOSURE_MEMBERS: the steps (default 10,000 then 100,000; 10,000 with --quick).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const log = (line) => console.log(`disclosure: ${line}`);

export async function runDisclosure({ quick = false } = {}) {
  const members = process.env.BENCH_DISCLOSURE_MEMBERS || (quick ? '10000' : '10000,100000');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/disclosure.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_DISCLOSURE_MEMBERS: members },
    encoding: 'utf8',
    timeout: 30 * 60_000,
  });
  const line = run.stdout.split('\n').find((text) => text.startsWith('{'));
  if (!line) throw new Error(`disclosure failed: ${(run.stderr || run.stdout).split('\n').slice(0, 5).join(' | ')}`);
  const result = JSON.parse(line);
  for (const step of result.steps)
    log(
      `${step.members.toLocaleString('en')} members, ${step.purchases.toLocaleString('en')} purchases, ${step.commissions.toLocaleString('en')} commissions (seeded ${step.seedSeconds} s): computed in ${step.computeMs} ms`,
    );
  const last = result.steps[result.steps.length - 1];
  return { ...result, members: last.members, computeMs: last.computeMs };
}

if (import.meta.url === `file://${process.argv[1]}`) await runDisclosure({ quick: process.argv.includes('--quick') });
