import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase } from './client';
import { migrate } from './migrate';

/**
 * A migrated, empty embedded database, made by `npm run build` (dist/pglite-template.tar.gz) from
 * the same migrations and repeatable definitions the build ships. A first start on an empty DATA_DIR unpacks it there and
 * opens it as an existing database, instead of creating the database from nothing: PGlite's own
 * initialisation took about 2.5 of the 4.5 s a fresh start took, and loading the archive through
 * PGlite (`loadDataDir`) another 0.25 s more than writing its files directly
 * (docs/performance.md). Migrations still run after it, and apply nothing: the archive is made by
 * the same build as the files, so its `schema_migrations` names them all and its `schema_definitions`
 * holds the checksum of every definition as shipped.
 */
const TEMPLATE_PATH = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));

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

/**
 * Unpacks the template into `dataDir` when that is new (missing or empty) and the build made one;
 * true when it did. The archive is PGlite's own dump: a plain tar of directories and files.
 */
export function unpackTemplate(dataDir: string, path = TEMPLATE_PATH): boolean {
  const fresh = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (!fresh || !existsSync(path)) return false;
  for (const entry of tarEntries(gunzipSync(readFileSync(path)))) {
    // Resolved, so a DATA_DIR written with a trailing slash or as a relative path compares alike.
    const root = resolve(dataDir);
    const target = resolve(root, `.${sep}${entry.name}`);
    if (target !== root && !target.startsWith(root + sep)) throw new Error(`template entry outside the data directory: ${entry.name}`);
    if (entry.directory) {
      mkdirSync(target, { recursive: true, mode: 0o700 });
    } else {
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, entry.data, { mode: 0o600 });
    }
  }
  return true;
}

/** The entries of a ustar archive (the subset tar writers use for plain files and directories). */
export function* tarEntries(archive: Buffer): Generator<{ name: string; directory: boolean; data: Buffer }> {
  const text = (from: number, length: number) => archive.toString('utf8', from, from + length).replace(/\0.*$/s, '');
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const name = text(offset, 100);
    if (!name) return; // the two zero blocks that end the archive
    const prefix = text(offset + 257, 6).startsWith('ustar') ? text(offset + 345, 155) : '';
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1) || '0';
    const start = offset + 512;
    if (type === '0' || type === '5') {
      yield { name: prefix ? `${prefix}/${name}` : name, directory: type === '5', data: archive.subarray(start, start + size) };
    }
    offset = start + Math.ceil(size / 512) * 512;
  }
}
