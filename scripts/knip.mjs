// Dead code: knip (knip.json) over every workspace; exits non-zero on an unused file, export,
// exported type or dependency. `npm run lint` runs it; extra arguments go to knip (the build-bites
// test points `--directory` at a fixture, apps/api/test/house-rules.test.ts).
import { run } from './lib.mjs';

const status = run('npx', ['knip', '--no-progress', ...process.argv.slice(2)]);
if (status === 0) console.log('knip: no unused files, exports, types or dependencies.');
process.exit(status);
