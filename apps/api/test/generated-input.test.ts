import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { randomIp } from './auth';
import { DATABASE_KINDS } from './database';
import { driveWorld, encodeQueryValue, objectSchema, openApiDocument, safeJson, type JsonSchema, type Operation } from './openapi-drive';

/**
 * Every operation of the OpenAPI document, driven from the document itself (a new operation is
 * covered without touching this file, and one whose path parameters it cannot fill fails it):
 * each text field of the body and the query string receives hostile and unusual text, numbers
 * arrive as strings, and the body gets an unknown key. Expected: no 5xx, every error in the
 * documented shape, and nothing changed in the database by a request that was refused (4xx).
 */

/** The texts every text field receives (a deterministic table: each run sends the same requests). */
const TEXTS: Record<string, string> = {
  'lone high surrogate': 'a\ud800b',
  'lone low surrogate': '\udc00z',
  NUL: 'a\u0000b',
  '10,000 characters': 'x'.repeat(10_000),
  'RTL text': 'שלום עולם مرحبا بالعالم',
  'combining marks': 'e\u0301\u0302 Z\u0351\u0360\u0489',
  emoji: '🌱👩‍👩‍👧‍👦🇵🇹',
  'a number as a string': '12345',
};

/** A plausible value for a field, so that the one field under test is what the server judges. */
function plausible(name: string, schema: JsonSchema, member: { email: string }): unknown {
  const inner = schema.anyOf?.find((alternative) => alternative.type !== 'null') ?? schema;
  if (inner.enum) return inner.enum[0];
  if (inner.type === 'integer' || inner.type === 'number') return Math.max(inner.minimum ?? 1, 100);
  if (inner.type === 'boolean') return false;
  if (inner.type === 'array') return [];
  if (inner.type === 'object') return fill(inner, member);
  if (inner.format === 'uuid') return randomUUID();
  if (inner.pattern === '^\\d{6}$') return '123456';
  if (name === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
  if (name === 'account') return member.email;
  if (name === 'channel') return 'bank-transfer';
  if (/password/i.test(name)) return 'fuzz-password-1';
  return 'plain text'.padEnd(inner.minLength ?? 0, '.');
}

function fill(schema: JsonSchema, member: { email: string }): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of schema.required ?? []) body[name] = plausible(name, schema.properties?.[name] ?? {}, member);
  return body;
}

/** Dot paths of the string and number fields of a body schema, nested objects included. */
function fieldsOf(schema: JsonSchema | undefined, prefix: string[] = []): Array<{ path: string[]; type: 'text' | 'number' }> {
  const fields: Array<{ path: string[]; type: 'text' | 'number' }> = [];
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const inner = property.anyOf?.find((alternative) => alternative.type !== 'null') ?? property;
    if (inner.type === 'object') fields.push(...fieldsOf(inner, [...prefix, name]));
    else if (inner.type === 'string') fields.push({ path: [...prefix, name], type: 'text' });
    else if (inner.type === 'integer' || inner.type === 'number') fields.push({ path: [...prefix, name], type: 'number' });
  }
  return fields;
}

function withField(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target = copy;
  for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

interface Case {
  label: string;
  query?: string;
  body?: unknown;
}

function casesFor(operation: Operation, method: string, member: { email: string }): Case[] {
  const schema = objectSchema(operation.requestBody?.content?.['application/json']?.schema);
  const base = schema ? fill(schema, member) : undefined;
  const cases: Case[] = [{ label: 'a plausible request', body: base }];
  for (const field of fieldsOf(schema)) {
    const values = field.type === 'text' ? TEXTS : { 'a number as a string': '100' };
    for (const [label, value] of Object.entries(values)) {
      cases.push({ label: `body ${field.path.join('.')} = ${label}`, body: withField(base ?? {}, field.path, value) });
    }
  }
  if (method !== 'get') cases.push({ label: 'body with an unknown key', body: { ...(base ?? {}), unexpectedKey: 'x' } });
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    for (const [label, value] of Object.entries(TEXTS)) {
      cases.push({ label: `query ${parameter.name} = ${label}`, query: `${parameter.name}=${encodeQueryValue(value)}`, body: base });
    }
  }
  if (method === 'get') cases.push({ label: 'query with an unknown key', query: 'unexpectedKey=x' });
  return cases;
}

describe.each(DATABASE_KINDS)('generated input over the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof driveWorld>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
    world = await driveWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    'answers every text field of every operation without a 5xx, in the error shape, changing nothing when it refuses',
    { timeout: 600_000 },
    async () => {
      const document = await openApiDocument(t);
      await world.ensureSignedIn();
      await world.createFixtures();
      const problems: string[] = [];
      const covered = new Set<string>();
      const all = new Set<string>();
      for (const [template, methods] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          all.add(operation.operationId);
          await world.ensureSignedIn();
          const cookie = template.startsWith('/api/v1/admin/') ? world.operator.cookie : world.member.cookie;
          for (const testCase of casesFor(operation, method, world.member)) {
            // An accepted event stream stays open: only its refusals are tried here (live-events.test.ts reads it).
            if (operation.operationId === 'streamEvents' && !testCase.query) continue;
            const url = `${world.pathFor(template)}${testCase.query ? `?${testCase.query}` : ''}`;
            const before = await world.checksum();
            const response = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              remoteAddress: randomIp(),
              headers: {
                cookie,
                'idempotency-key': randomUUID(),
                ...(testCase.body !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(testCase.body !== undefined ? { payload: JSON.stringify(testCase.body) } : {}),
            });
            covered.add(operation.operationId);
            const where = `${operation.operationId} (${method.toUpperCase()} ${template}) ${testCase.label}: ${response.statusCode}`;
            if (response.statusCode >= 500) problems.push(`${where} ${response.body.slice(0, 200)}`);
            if (response.statusCode >= 400 && !apiErrorSchema.safeParse(safeJson(response.body)).success) {
              problems.push(`${where} answered outside the error shape: ${response.body.slice(0, 200)}`);
            }
            if (response.statusCode >= 400 && response.statusCode < 500 && (await world.checksum()) !== before) {
              problems.push(`${where} was refused but changed the database`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
      expect([...all].filter((id) => !covered.has(id))).toEqual([]);
      expect(all.size).toBeGreaterThan(40);
    },
  );
});
