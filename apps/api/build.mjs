// Bundles the API into dist/ as plain JavaScript (Node 20 cannot run TypeScript), with the
// workspace package inlined and every npm dependency left external.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@orchard/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/ledger-verify.ts', 'src/backup-restore.ts', 'src/operator-password.ts', 'src/db/make-template.ts'].filter((file) => {
    try {
      readFileSync(file);
      return true;
    } catch {
      return false;
    }
  }),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  splitting: true,
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The repeatable definitions (src/db/definitions.ts): every `<module>/sql/*.sql` under src, at the
// same relative path under dist/definitions, where the built server reads them.
for (const file of readdirSync('src', { recursive: true })) {
  if (/(^|\/)sql\/[a-z0-9_]+\.sql$/.test(file)) cpSync(`src/${file}`, `dist/definitions/${file}`);
}
// A migrated empty embedded database for first starts (src/db/template.ts), from the shipped
// migrations and definitions.
const made = spawnSync(process.execPath, ['dist/db/make-template.js'], { stdio: 'inherit' });
if (made.status !== 0) throw new Error('could not write the PGlite template');
console.log('api built: dist/');
