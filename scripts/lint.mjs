// `npm run lint`: ESLint over the repository (eslint.config.js), the import-circle check
// (scripts/import-cycles.mjs, which also sees type-only imports) and knip (scripts/knip.mjs:
// unused files, exports, types and dependencies). All run, so one report shows everything; the
// route tree is generated first, so a clean clone lints like a built tree.
// Extra arguments go to ESLint (`npm run lint -- --fix`).
import { mustRun, run } from './lib.mjs';

mustRun('node', ['scripts/route-tree.mjs']);
const eslint = run('npx', ['eslint', '.', ...process.argv.slice(2)]);
const circles = run('node', ['scripts/import-cycles.mjs']);
const knip = run('node', ['scripts/knip.mjs']);
process.exit(eslint !== 0 || circles !== 0 || knip !== 0 ? 1 : 0);
