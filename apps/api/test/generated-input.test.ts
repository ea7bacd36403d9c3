import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember, signInOperator } from './auth';
import { DATABASE_KINDS } from './database';
import { buy, createCoupon, createPlan, fund, quickMember } from './plans/helpers';

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

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The first object alternative of `anyOf` (e.g. a nullable body), or the schema itself. */
function objectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.type === 'object') return schema;
  return schema.anyOf?.find((alternative) => alternative.type === 'object');
}

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

/** Percent-encodes as a hostile client would; a lone surrogate has no UTF-8 form, so its CESU-8 bytes are sent. */
function encodeQueryValue(value: string): string {
  let encoded = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    encoded +=
      code >= 0xd800 && code <= 0xdfff
        ? `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16)}%${(0x80 + (code & 0x3f)).toString(16)}`
        : encodeURIComponent(char);
  }
  return encoded;
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

/**
 * Rows of the tables a refused request must not touch. Left out as bookkeeping by design: rate
 * counters, idempotency records (a 4xx answer is stored for replay), code attempts, and the audit
 * rows that record a failed password check (`sign_in.failed`, `password.change_failed`).
 */
const CHECKSUM = sql`select md5(concat_ws('|',
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from users t) s),
  (select string_agg(j, ',' order by j) from (select (to_jsonb(t) - 'last_seen_at')::text as j from sessions t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from audit_log t where action not like '%failed') s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from ledger_accounts t) s),
  (select count(*)::text from ledger_transactions),
  (select count(*)::text from ledger_entries),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from payment_channels t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from recharge_orders t) s),
  (select count(*)::text from payment_webhook_events),
  (select count(*)::text from outbox),
  (select count(*)::text from sign_in_links),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from plans t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from plan_stock_units t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from plan_member_counts t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from coupons t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from coupon_member_uses t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from coupon_redemptions t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from purchases t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from commissions t) s),
  (select string_agg(j, ',' order by j) from (select to_jsonb(t)::text as j from referral_settings t) s)
)) as checksum`;

describe.each(DATABASE_KINDS)('generated input over the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof registerMember>> & { email: string };
  let operator: Awaited<ReturnType<typeof signInOperator>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function checksum(): Promise<string> {
    const result = (await t.database.handle.db.execute(CHECKSUM)) as unknown as { rows: Array<{ checksum: string }> };
    return result.rows[0]!.checksum;
  }

  /** A request in the fuzz may sign the member out, freeze them or change their password: start each operation signed in. */
  async function ensureSignedIn() {
    const me = member && (await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie: member.cookie } }));
    if (me?.statusCode !== 200) member = (await registerMember(t)) as typeof member;
    const admin =
      operator && (await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/report', headers: { cookie: operator.cookie } }));
    if (admin?.statusCode !== 200) operator = await signInOperator(t);
  }

  /**
   * A plan (on sale, with stock), a coupon and a purchase of the plan that exist, so the operations
   * on one of them judge a real row instead of stopping at 404.
   */
  let fixtures: { planId: string; couponId: string; purchaseId: string } | undefined;
  async function createFixtures() {
    const w = { t, operator };
    const plan = await createPlan(w, { stock: 1_000 });
    const coupon = await createCoupon(w, { code: 'FUZZ-FIXTURE', kind: 'percent_off', value: 10 });
    const buyer = await quickMember(t);
    await fund(w, buyer.userId, 1_000_000);
    const bought = await buy(w, buyer, plan.id);
    if (bought.statusCode !== 201) throw new Error(`fixture purchase: ${bought.statusCode} ${bought.body}`);
    // The fuzzing member can pay for the plausible purchase too.
    await fund(w, member.userId, 1_000_000);
    fixtures = { planId: plan.id, couponId: coupon.id, purchaseId: (bought.json() as { id: string }).id };
  }

  function idFor(template: string): string {
    if (template.startsWith('/api/v1/admin/members/')) return member.userId;
    if (/^\/api\/v1\/(admin\/)?plans\/\{id\}/.test(template)) return fixtures!.planId;
    if (template.startsWith('/api/v1/admin/coupons/{id}')) return fixtures!.couponId;
    if (template.startsWith('/api/v1/admin/purchases/{id}')) return fixtures!.purchaseId;
    return randomUUID();
  }

  function pathFor(template: string): string {
    return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
      if (name === 'id') return idFor(template);
      if (name === 'code') return 'fuzz-channel';
      if (name === 'channel') return 'bank-transfer';
      if (name === 'kind') return 'terms';
      throw new Error(`no value for path parameter {${name}} of ${template}: add one to pathFor`);
    });
  }

  it(
    'answers every text field of every operation without a 5xx, in the error shape, changing nothing when it refuses',
    { timeout: 600_000 },
    async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, Operation>>;
      };
      await ensureSignedIn();
      await createFixtures();
      const problems: string[] = [];
      const covered = new Set<string>();
      const all = new Set<string>();
      for (const [template, methods] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          all.add(operation.operationId);
          await ensureSignedIn();
          const cookie = template.startsWith('/api/v1/admin/') ? operator.cookie : member.cookie;
          for (const testCase of casesFor(operation, method, member)) {
            // An accepted event stream stays open: only its refusals are tried here (live-events.test.ts reads it).
            if (operation.operationId === 'streamEvents' && !testCase.query) continue;
            const url = `${pathFor(template)}${testCase.query ? `?${testCase.query}` : ''}`;
            const before = await checksum();
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
            if (response.statusCode >= 400 && response.statusCode < 500 && (await checksum()) !== before) {
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
