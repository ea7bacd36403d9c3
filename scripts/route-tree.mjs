// Writes apps/web/src/routeTree.gen.ts (gitignored) without building the web app, so the type
// check and ESLint work on a clean clone. It resolves the web app's own Vite config: the
// TanStack Router plugin generates the tree when the config is resolved, with exactly the
// options the build uses (no second copy of them to keep in step).
import { join } from 'node:path';
import { resolveConfig } from 'vite';
import { ROOT } from './lib.mjs';

const web = join(ROOT, 'apps', 'web');
await resolveConfig({ root: web, configFile: join(web, 'vite.config.ts'), logLevel: 'error' }, 'build', 'production');
