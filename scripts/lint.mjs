// `npm run lint`: ESLint over the repository (eslint.config.js), the import-circle check
// (scripts/import-cycles.mjs, which also sees type-only imports) and knip (knip.json: unused
// files, exports, types and dependencies). All run, so one report shows everything; the route
// tree is generated first, so a clean clone lints like a built tree.
// Extra arguments go to ESLint (`npm run lint -- --fix`).
import { mustRun, run } from './lib.mjs';

// knip reads every workspace but fails only on these for now: apps/api is being moved module by
// module behind front doors (issue 29), and its findings go once that lands; then this list goes.
const KNIP_WORKSPACES = ['.', 'apps/web', 'packages/shared'];

mustRun('node', ['scripts/route-tree.mjs']);
const eslint = run('npx', ['eslint', '.', ...process.argv.slice(2)]);
const circles = run('node', ['scripts/import-cycles.mjs']);
const knip = run('npx', ['knip', '--no-progress', ...KNIP_WORKSPACES.flatMap((workspace) => ['--workspace', workspace])]);
if (knip === 0) console.log('knip: no unused files, exports, types or dependencies.');
process.exit(eslint !== 0 || circles !== 0 || knip !== 0 ? 1 : 0);
