import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { readDefinitions } from '../src/db/definitions';
import { listMigrationFiles, migrate, MIGRATIONS_DIR } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * PGlite's initdb costs seconds per database; a migrated data directory dumped once per set of
 * migrations and repeatable definitions is loaded by every suite instead (test/database.ts).
 */
export default async function setup(project: TestProject) {
  const hash = createHash('sha256');
  for (const name of listMigrationFiles()) hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  for (const definition of readDefinitions()) hash.update(definition.name).update(definition.checksum);
  const path = join(tmpdir(), `orchard-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(path)) {
    const database = await openDatabase({});
    await migrate(database);
    const dump = await database.dumpDataDir();
    await database.close();
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  }
  project.provide('pgliteTemplate', path);
}
