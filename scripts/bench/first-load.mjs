// Just the first-load measurement of `/` (builds first when stale): node scripts/bench/first-load.mjs
import { ensureBuilt } from '../lib.mjs';
import { FIRST_LOAD_BUDGET_BYTES, measureFirstLoad, printFirstLoad } from './startup-and-bundle.mjs';

ensureBuilt();
const load = await measureFirstLoad(3412);
printFirstLoad(load);
process.exit(load.total > FIRST_LOAD_BUDGET_BYTES ? 1 : 0);
