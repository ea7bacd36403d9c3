import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client';
import { applyDefinitions, readDefinitions, type Definition } from './definitions';

/**
 * Plain SQL migrations (docs/decisions/0002): `NNNN_name.sql`, applied once each in file-name
 * order inside one transaction per file, recorded in `schema_migrations`; then the repeatable
 * definitions (every SQL function and trigger, definitions.ts; docs/decisions/0024), each applied
 * again whenever its file changes, recorded in `schema_definitions`. An advisory lock keeps
 * several instances starting at once from applying the same file twice.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_KEY = 727_274_001;

export interface MigrationResult {
  /** Versioned migrations applied now. */
  applied: string[];
  /** Repeatable definitions applied now (new or changed). */
  definitions: string[];
}

export interface MigrateOptions {
  dir?: string;
  /** The repeatable definitions, read from their files (definitions.ts) unless given. */
  definitions?: Definition[];
}

export function listMigrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
}

export async function migrate(database: DatabaseHandle, options: MigrateOptions = {}): Promise<MigrationResult> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const files = listMigrationFiles(dir);
  const definitions = options.definitions ?? readDefinitions();
  return database.withSession(async (session) => {
    await session.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await session.exec(`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`);
      const done = new Set(
        (await session.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name),
      );
      const applied: string[] = [];
      for (const name of files) {
        if (done.has(name)) continue;
        const body = readFileSync(`${dir}/${name}`, 'utf8');
        await session.exec('begin');
        try {
          await session.exec(body);
          await session.query('insert into schema_migrations (name) values ($1)', [name]);
          await session.exec('commit');
        } catch (error) {
          await session.exec('rollback');
          throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(name);
      }
      return { applied, definitions: await applyDefinitions(session, definitions) };
    } finally {
      await session.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}
