import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlSession } from '../src/db/client';
import { DEFINITIONS, DEFINITIONS_ROOT, readDefinitions, type Definition } from '../src/db/definitions';
import { listMigrationFiles, migrate, MIGRATIONS_DIR } from '../src/db/migrate';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';

/**
 * Repeatable definitions (docs/decisions/0024): every SQL function and trigger in one file of its
 * own (`src/<module>/sql/<function>.sql`), applied after the versioned migrations and again only
 * when its file changes.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Comments out, so a commented-out `create function` is not taken for one. */
const withoutComments = (text: string) => text.replace(/--[^\n]*/g, '');
const FUNCTION = /\bcreate\s+(?:or\s+replace\s+)?function\s+([a-z0-9_]+)\s*\(/gi;
const TRIGGER = /\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+([a-z0-9_]+)/gi;
const names = (text: string, pattern: RegExp) => [...withoutComments(text).matchAll(pattern)].map((match) => match[1]!.toLowerCase());

/** Every `sql/*.sql` file under src, relative to it. */
function definitionFilesOnDisk(): string[] {
  return (readdirSync(DEFINITIONS_ROOT, { recursive: true }) as string[])
    .map((file) => file.split('\\').join('/'))
    .filter((file) => /(^|\/)sql\/[^/]+\.sql$/.test(file))
    .sort();
}

describe('where SQL functions live', () => {
  it('every sql/ file is listed once in DEFINITIONS, and every listed file exists', () => {
    expect(new Set(DEFINITIONS).size).toBe(DEFINITIONS.length);
    expect([...DEFINITIONS].sort()).toEqual(definitionFilesOnDisk());
  });

  it('each definition file defines one function, named as the file, with create or replace (or only binds record tables); no two files the same', () => {
    const seen = new Map<string, string>();
    for (const { name, body } of readDefinitions()) {
      const functions = names(body, FUNCTION);
      // A module's record tables are bound to the shared refusal in a file that defines no function.
      const bindsOnly = functions.length === 0 && /\bselect\s+refuse_change_bind\s*\(/i.test(withoutComments(body));
      expect(functions, name).toEqual(bindsOnly ? [] : [basename(name, '.sql')]);
      expect(withoutComments(body), name).not.toMatch(/\bcreate\s+function\b/i);
      // A plain trigger is replaced in place; a constraint trigger (no `or replace`) is dropped first.
      const code = withoutComments(body);
      for (const trigger of names(body, TRIGGER)) {
        const replaced = new RegExp(`create\\s+or\\s+replace\\s+trigger\\s+${trigger}\\b`, 'i').test(code);
        const droppedFirst = new RegExp(
          `drop\\s+trigger\\s+if\\s+exists\\s+${trigger}\\b[^;]*;\\s*create\\s+constraint\\s+trigger\\s+${trigger}\\b`,
          'i',
        ).test(code);
        expect(replaced || droppedFirst, `${name}: trigger ${trigger}`).toBe(true);
      }
      for (const fn of functions) {
        expect(seen.get(fn), `${fn} is defined in ${seen.get(fn)} and ${name}`).toBeUndefined();
        seen.set(fn, name);
      }
    }
  });

  it('no versioned migration defines a function, a procedure or a trigger', () => {
    const offenders = listMigrationFiles().flatMap((file) => {
      const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      return [...names(text, FUNCTION), ...names(text, TRIGGER)]
        .map((name) => `${file}: ${name}`)
        .concat(/\bcreate\s+(?:or\s+replace\s+)?procedure\b/i.test(withoutComments(text)) ? [`${file}: a procedure`] : []);
    });
    expect(offenders).toEqual([]);
  });

  it('the rules that catch a function in a migration or twice in the definitions do catch them', () => {
    expect(names('-- create function old_one()\ncreate or replace function plan_purchase(\n', FUNCTION)).toEqual(['plan_purchase']);
    expect(names('create function x (a int)', FUNCTION)).toEqual(['x']);
    expect(names('create or replace constraint trigger t_a\n after insert', TRIGGER)).toEqual(['t_a']);
    expect(names('create trigger t_b before', TRIGGER)).toEqual(['t_b']);
  });
});

/** What a database holds of functions and triggers, comparable between two databases. */
async function functionsAndTriggers(session: SqlSession) {
  const functions = await session.query<{ name: string; definition: string }>(
    `select p.proname as name, pg_get_functiondef(p.oid) as definition
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
      order by p.proname, pg_get_function_identity_arguments(p.oid)`,
  );
  const triggers = await session.query<{ relation: string; definition: string }>(
    `select t.tgrelid::regclass::text as relation, pg_get_triggerdef(t.oid) as definition
       from pg_trigger t where not t.tgisinternal
      order by 1, t.tgname`,
  );
  return { functions, triggers };
}

describe.each(DATABASE_KINDS)('repeatable definitions on %s', (kind) => {
  let database: TestDatabase;
  const session = <T>(work: (session: SqlSession) => Promise<T>) => database.handle.withSession(work);
  const recorded = () =>
    session((s) => s.query<{ name: string; checksum: string }>('select name, checksum from schema_definitions order by name'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('a migrated database holds exactly the functions of the definition files, each recorded with its checksum', async () => {
    const held = await session(functionsAndTriggers);
    const defined = readDefinitions().flatMap(({ body }) => names(body, FUNCTION));
    expect(held.functions.map((row) => row.name).sort()).toEqual([...defined].sort());
    expect(held.triggers.length).toBeGreaterThan(0);
    expect(await recorded()).toEqual(
      readDefinitions()
        .map(({ name, checksum }) => ({ name, checksum }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    expect(await migrate(database.handle)).toEqual({ applied: [], definitions: [] });
  });

  it('a database from before the definitions (functions made by its migrations, nothing recorded) gets every one once, and ends identical', async () => {
    const fresh = await session(functionsAndTriggers);
    // As a database migrated by the earlier layout: its functions and triggers exist, no record of them.
    await session((s) => s.exec('drop table schema_definitions'));
    expect(await migrate(database.handle)).toEqual({ applied: [], definitions: DEFINITIONS });
    expect(await session(functionsAndTriggers)).toEqual(fresh);
    expect(await migrate(database.handle)).toEqual({ applied: [], definitions: [] });
    expect(await session(functionsAndTriggers)).toEqual(fresh);
  });

  it('applies an edited definition again, and leaves the unchanged ones alone', async () => {
    const original = readDefinitions();
    const target = 'modules/plans/sql/plan_coupon_discount.sql';
    const edit = (definitions: Definition[], from: string, to: string): Definition[] =>
      definitions.map((definition) =>
        definition.name === target
          ? { ...definition, body: definition.body.replace(from, to), checksum: sha256(definition.body.replace(from, to)) }
          : definition,
      );
    const edited = edit(original, "when 'wallet_credit' then 0", "when 'wallet_credit' then 0 -- edited");
    expect(edited.find((definition) => definition.name === target)!.body).toContain('-- edited');
    const before = await recorded();

    expect(await migrate(database.handle, { definitions: edited })).toEqual({ applied: [], definitions: [target] });
    const discountDefinition = async () =>
      (await session((s) => s.query<{ d: string }>("select pg_get_functiondef('plan_coupon_discount'::regproc) as d")))[0]!.d;
    expect(await discountDefinition()).toContain('-- edited');
    const after = await recorded();
    expect(after.filter((row) => row.name !== target)).toEqual(before.filter((row) => row.name !== target));
    expect(after.find((row) => row.name === target)!.checksum).toBe(edited.find((definition) => definition.name === target)!.checksum);
    expect(after.find((row) => row.name === target)!.checksum).not.toBe(before.find((row) => row.name === target)!.checksum);

    // The same text again: nothing applied.
    expect(await migrate(database.handle, { definitions: edited })).toEqual({ applied: [], definitions: [] });
    // A definition that fails is rolled back whole, named in the error, and stays recorded as it was.
    const broken = edit(original, 'select case p_kind', 'select case p_kind_that_does_not_exist');
    await expect(migrate(database.handle, { definitions: broken })).rejects.toThrow(
      /Definition modules\/plans\/sql\/plan_coupon_discount\.sql failed/,
    );
    expect(await discountDefinition()).toContain('-- edited');
    expect(await recorded()).toEqual(after);
    // Back to the file as it is: applied again, and the function is the file's.
    expect(await migrate(database.handle)).toEqual({ applied: [], definitions: [target] });
    expect(await discountDefinition()).not.toContain('-- edited');
    expect(await recorded()).toEqual(before);
  });
});
