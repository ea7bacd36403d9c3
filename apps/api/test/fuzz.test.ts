import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { randomIp } from './auth';
import { DATABASE_KINDS } from './database';
import { driveWorld, encodeQueryValue, objectSchema, openApiDocument, safeJson, type JsonSchema, type Operation } from './openapi-drive';

/**
 * Fuzzing every operation of the OpenAPI document (`npm run test:fuzz` runs 10,000 requests per
 * operation; `npm test` FUZZ_RUNS, 200 by default, on PGlite and fewer on PostgreSQL): path
 * parameters, query strings, bodies and headers drawn by fast-check from each operation's own
 * schemas — valid values, values just outside them, wrong types, hostile text, prototype keys —
 * sent as the caller the operation is for (the console's operator, a member, or nobody for public
 * ones, sometimes the wrong one). Expected for every request: no 5xx, every error in the documented
 * shape, and nothing changed anywhere in the database by a request that was refused (the checksum
 * of openapi-drive.ts). A failure prints its seed and path: FUZZ_SEED=… FUZZ_PATH=… replays it.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
/** Only operations whose id matches (a regular expression), to replay or focus a run. */
const ONLY = process.env.FUZZ_OPERATIONS ? new RegExp(process.env.FUZZ_OPERATIONS) : undefined;

const HOSTILE = [
  'a\ud800b',
  '\udc00',
  'a\u0000b',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '🌱👩‍👩‍👧‍👦🇵🇹',
  'e\u0301\u0302Z\u0351\u0360\u0489',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  ' ',
  '',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'x'.repeat(10_000),
  'y'.repeat(300_000),
];
const hostileText = fc.constantFrom(...HOSTILE);
const wrongType = fc.constantFrom<unknown>(null, true, 0, -1, 1.5, 2 ** 53, -(2 ** 53), 1e308, [], {}, ['x'], { a: 1 });

/** A string the schema would take (or very nearly), from its format, pattern, enum and lengths. */
function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= (schema.maxLength ?? 1_000));
    } catch {
      // A pattern fast-check cannot invert: plain strings below.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200), unit: 'grapheme' });
}

/** Values for a schema: mostly of its shape, sometimes just outside it, sometimes anything. */
export function valueOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((alternative) => valueOf(alternative, depth)));
  if (schema.const !== undefined)
    return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, { weight: 1, arbitrary: hostileText });
  if (schema.enum?.length) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: hostileText },
      { weight: 1, arbitrary: wrongType },
    );
  }
  switch (schema.type) {
    case 'string':
      return fc.oneof(
        { weight: 4, arbitrary: validString(schema) },
        { weight: 2, arbitrary: hostileText },
        { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
        { weight: 1, arbitrary: wrongType },
      );
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? Math.max(min + 1, 1_000_000_000);
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }) },
        { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, 0, -1, 0.5, 2 ** 53, 2 ** 63, -(2 ** 63), 1e308, -0) },
        { weight: 1, arbitrary: fc.oneof(fc.constantFrom('100', '1e3', '0x10', ' 7 '), wrongType) },
      );
    }
    case 'boolean':
      return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom<unknown>('true', 1, 0, null) });
    case 'array':
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.array(depth > 3 ? fc.jsonValue({ maxDepth: 1 }) : valueOf(schema.items ?? {}, depth + 1), {
            maxLength: Math.min(schema.maxItems ?? 5, 12),
          }),
        },
        { weight: 1, arbitrary: wrongType },
      );
    case 'object':
      return depth > 3 ? fc.jsonValue({ maxDepth: 1 }) : objectOf(schema, depth + 1);
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Objects of a schema's properties: the required ones usually there, others sometimes, plus stray keys. */
function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const fields = Object.fromEntries(properties.map(([name, property]) => [name, valueOf(property, depth)]));
  const complete = fc.record(fields, { requiredKeys: schema.required ?? [] });
  const partial = fc.record(fields, { requiredKeys: [] });
  const stray = fc.option(
    fc.constantFrom<[string, unknown]>(
      ['unexpectedKey', 'x'],
      ['__proto__', { isAdmin: true }],
      ['constructor', { prototype: { polluted: 1 } }],
      ['role', 'operator'],
      ['userId', '00000000-0000-0000-0000-000000000000'],
    ),
    { nil: undefined },
  );
  return fc.tuple(fc.oneof({ weight: 4, arbitrary: complete }, { weight: 1, arbitrary: partial }), stray).map(([value, extra]) => {
    if (!extra) return value;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    // defineProperty: `__proto__` becomes a real key of the JSON text, as a hostile client sends it.
    Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
    return copy;
  });
}

interface Drawn {
  path: Record<string, string>;
  query: Array<[string, string]>;
  body: unknown;
  rawBody?: string;
  idempotencyKey: string | undefined;
  caller: 'intended' | 'nobody' | 'member';
  contentType: string;
}

function requestsFor(operation: Operation, template: string): fc.Arbitrary<Drawn> {
  const pathNames = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const pathValues = fc.record(
    Object.fromEntries(
      pathNames.map((name) => [
        name,
        // Mostly the real row of the world (left to pathFor), else a stranger's id or hostile text.
        fc.oneof(
          { weight: 3, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: fc.uuid() },
          { weight: 1, arbitrary: hostileText.map(encodeQueryValue) },
        ),
      ]),
    ),
  );
  const queryParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const query = fc
    .tuple(
      ...queryParameters.map((parameter) =>
        fc.option(
          valueOf(parameter.schema ?? {}).map((value): [string, string] => [
            parameter.name,
            encodeQueryValue(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')),
          ]),
          { nil: undefined, freq: 2 },
        ),
      ),
      fc.option(fc.constant<[string, string]>(['unexpectedKey', 'x']), { nil: undefined, freq: 4 }),
    )
    .map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== undefined));
  const schema = objectSchema(operation.requestBody?.content?.['application/json']?.schema);
  const body = schema
    ? fc.oneof(
        { weight: 8, arbitrary: valueOf(schema) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });
  return fc.record({
    path: pathValues,
    query,
    body,
    rawBody: fc.option(fc.constantFrom('{', '{"a":', '[1,2', '\u0000', '{"a":1}{"b":2}', '{"__proto__":{"polluted":1}}'), {
      nil: undefined,
      freq: 12,
    }),
    idempotencyKey: fc.oneof(
      { weight: 6, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: hostileText },
      { weight: 1, arbitrary: fc.string({ minLength: 190, maxLength: 260 }) },
    ),
    caller: fc.constantFrom<Drawn['caller']>('intended', 'intended', 'intended', 'intended', 'intended', 'nobody', 'member'),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
  });
}

describe.each(DATABASE_KINDS)('fuzzing every operation of the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof driveWorld>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
    world = await driveWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  // PostgreSQL's suite is the same requests over another driver: a fifth as many keeps CI short.
  const runs = kind === 'postgres' ? Math.max(20, Math.round(RUNS / 5)) : RUNS;

  it(
    `answers ${runs} generated requests per operation without a 5xx, and changes nothing when it refuses`,
    { timeout: Math.max(600_000, runs * 150 * 40) },
    async () => {
      const document = await openApiDocument(t);
      await world.ensureSignedIn();
      await world.createFixtures();
      const problems: string[] = [];
      let sent = 0;
      for (const [template, methods] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          if (ONLY && !ONLY.test(operation.operationId)) continue;
          // An accepted event stream stays open: live-events.test.ts reads it; its refusals are in generated-input.
          if (operation.operationId === 'streamEvents') continue;
          await world.ensureSignedIn();
          let current = await world.checksum();
          const result = await fc.check(
            fc.asyncProperty(requestsFor(operation, template), async (drawn) => {
              const url = world.pathFor(template, (name) => drawn.path[name] || undefined);
              const query = drawn.query.map(([name, value]) => `${name}=${value}`).join('&');
              const intended = template.startsWith('/api/v1/admin/')
                ? world.operator.cookie
                : operation.security
                  ? world.member.cookie
                  : undefined;
              const cookie = drawn.caller === 'intended' ? intended : drawn.caller === 'member' ? world.member.cookie : undefined;
              const payload = drawn.rawBody ?? (drawn.body === undefined ? undefined : JSON.stringify(drawn.body));
              const response = await t.app.inject({
                method: method.toUpperCase() as 'GET',
                url: `${url}${query ? `?${query}` : ''}`,
                remoteAddress: randomIp(),
                headers: {
                  ...(cookie ? { cookie } : {}),
                  ...(drawn.idempotencyKey !== undefined ? { 'idempotency-key': drawn.idempotencyKey } : {}),
                  ...(payload !== undefined ? { 'content-type': drawn.contentType } : {}),
                  'x-requested-with': 'fetch',
                },
                ...(payload !== undefined && method !== 'get' ? { payload } : {}),
              });
              sent += 1;
              const where = `${operation.operationId} ${method.toUpperCase()} ${url} → ${response.statusCode}`;
              if (response.statusCode >= 500) throw new Error(`${where}: ${response.body.slice(0, 300)}`);
              if (response.statusCode >= 400 && !apiErrorSchema.safeParse(safeJson(response.body)).success) {
                throw new Error(`${where} answered outside the error shape: ${response.body.slice(0, 200)}`);
              }
              const after = await world.checksum();
              const refused = response.statusCode >= 400;
              const changed = after !== current;
              current = after;
              if (refused && changed) throw new Error(`${where} was refused but changed the database`);
            }),
            { numRuns: runs, seed: SEED, endOnFailure: true, ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) },
          );
          if (result.failed) {
            problems.push(
              `${operation.operationId}: ${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)} (FUZZ_SEED=${result.seed} FUZZ_PATH=${result.counterexamplePath} FUZZ_OPERATIONS=^${operation.operationId}$)`,
            );
          }
        }
      }
      console.log(`fuzz (${kind}): ${sent} requests`);
      expect(problems).toEqual([]);
      expect(sent).toBeGreaterThan(0);
    },
  );
});
