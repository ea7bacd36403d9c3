import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { tarEntries, unpackTemplate } from '../src/db/template';

/** The first start's template: PGlite's dump, unpacked into a new data directory, opens as a migrated database. */
describe('the embedded database template', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'orchard-template-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('unpacks into a new data directory, which opens migrated; never over an existing one', async () => {
    const source = await openDatabase({});
    await migrate(source);
    const archive = Buffer.from(await (await source.dumpDataDir()).arrayBuffer());
    await source.close();
    const templatePath = join(scratch, 'template.tar.gz');
    writeFileSync(templatePath, gzipSync(archive));
    expect([...tarEntries(archive)].some((entry) => entry.name.endsWith('PG_VERSION') && !entry.directory)).toBe(true);

    // Written with a trailing slash, as a DATA_DIR may be.
    const dataDir = `${join(scratch, 'data')}/`;
    expect(unpackTemplate(dataDir, templatePath)).toBe(true);
    const opened = await openDatabase({ dataDir });
    try {
      expect(await migrate(opened)).toEqual({ applied: [], definitions: [] });
      const [row] = await opened.withSession((session) => session.query<{ n: number }>('select count(*)::int as n from users'));
      expect(row!.n).toBe(0);
    } finally {
      await opened.close();
    }
    const before = readdirSync(dataDir).length;
    expect(unpackTemplate(dataDir, templatePath)).toBe(false);
    expect(readdirSync(dataDir).length).toBe(before);
  });

  it('refuses an entry that would land outside the data directory', () => {
    const header = Buffer.alloc(512);
    header.write('../escape', 0);
    header.write('00000000001\0', 124);
    header.write('0', 156);
    const body = Buffer.alloc(512);
    const archive = Buffer.concat([header, body, Buffer.alloc(1024)]);
    const path = join(scratch, 'evil.tar.gz');
    writeFileSync(path, gzipSync(archive));
    expect(() => unpackTemplate(join(scratch, 'evil'), path)).toThrow(/outside the data directory/);
  });
});
