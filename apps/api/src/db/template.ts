import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase } from './client';
import { migrate } from './migrate';

/**
 * A migrated, empty embedded database, made by `npm run build` (dist/pglite-template.tar.gz) from
 * the same migrations the build ships. A first start on an empty DATA_DIR loads it instead of
 * creating the database from nothing: PGlite's own initialisation took about 2.5 of the 4.5 s a
 * fresh start took (docs/performance.md). Migrations still run after it, and apply nothing.
 */
export const TEMPLATE_PATH = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));

export async function writeTemplate(path = TEMPLATE_PATH): Promise<void> {
  const handle = await openDatabase({});
  try {
    await migrate(handle);
    const tar = Buffer.from(await (await handle.dumpDataDir()).arrayBuffer());
    writeFileSync(path, gzipSync(tar, { level: 6 }));
  } finally {
    await handle.close();
  }
}

/** The template when `dataDir` is new (missing or empty) and the build made one; undefined otherwise. */
export function templateFor(dataDir: string, path = TEMPLATE_PATH): Blob | undefined {
  const fresh = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (!fresh || !existsSync(path)) return undefined;
  return new Blob([gunzipSync(readFileSync(path))], { type: 'application/x-tar' });
}
