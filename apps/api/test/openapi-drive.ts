import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from './app';
import { registerMember, signInOperator } from './auth';
import { buy, createCoupon, createPlan, fund, quickMember } from './plans/helpers';

/**
 * Driving every operation of the OpenAPI document (generated-input.test.ts, fuzz.test.ts): the
 * document's shapes, a checksum of everything a refused request must leave alone, signed-in
 * callers that come back after a request signed them out or froze them, and real rows for path
 * parameters so that operations judge a row instead of stopping at 404.
 */

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  security?: unknown[];
  'x-permission'?: string;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export async function openApiDocument(t: TestApp): Promise<OpenApiDocument> {
  return (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
}

/** The first object alternative of `anyOf` (e.g. a nullable body), or the schema itself. */
export function objectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.type === 'object') return schema;
  return schema.anyOf?.find((alternative) => alternative.type === 'object');
}

/** Percent-encodes as a hostile client would; a lone surrogate has no UTF-8 form, so its CESU-8 bytes are sent. */
export function encodeQueryValue(value: string): string {
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

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Bookkeeping a refused request may write by design: rate counters, idempotency records (a 4xx
 * answer is stored for replay), code attempts, challenges, the outbox of "someone tried" notices,
 * derived rollups, client error reports. Every other table of the schema is in the checksum, so a
 * table added later is covered without touching this list.
 */
const BOOKKEEPING = new Set([
  'schema_migrations',
  'schema_definitions',
  'rate_limit_attempts',
  'rate_limit_counters',
  'idempotency_keys',
  'verification_codes',
  'webauthn_challenges',
  'client_errors',
  'dashboard_rollup',
  'dashboard_rollup_mark',
  'dashboard_hourly',
]);

/** The checksum query over every table that is not bookkeeping (audit rows of failed checks and sessions' last-seen aside). */
async function checksumQuery(t: TestApp) {
  const tables = (
    (await t.database.handle.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] }
  ).rows
    .map((row) => row.tablename)
    .filter((name) => !BOOKKEEPING.has(name) && !name.startsWith('drizzle'));
  const parts = tables.map((name) => {
    const row =
      name === 'sessions'
        ? `(to_jsonb(t) - 'last_seen_at')::text`
        : name === 'ledger_entries' || name === 'ledger_transactions'
          ? `t.id::text`
          : `to_jsonb(t)::text`;
    const where = name === 'audit_log' ? ` where t.action not like '%failed'` : '';
    return `(select md5(coalesce(string_agg(j, ',' order by j), '')) from (select ${row} as j from ${name} t${where}) s)`;
  });
  return sql.raw(`select md5(concat_ws('|', ${parts.join(',\n')})) as checksum`);
}

/** The callers and rows a drive over the document needs, kept valid between operations. */
export async function driveWorld(t: TestApp) {
  const query = await checksumQuery(t);
  let member: Awaited<ReturnType<typeof registerMember>> & { email: string };
  let operator: Awaited<ReturnType<typeof signInOperator>>;
  let fixtures: { planId: string; couponId: string; purchaseId: string } | undefined;

  async function checksum(): Promise<string> {
    const result = (await t.database.handle.db.execute(query)) as unknown as { rows: Array<{ checksum: string }> };
    return result.rows[0]!.checksum;
  }

  /** A request may sign the member out, freeze them or change their password: start each operation signed in. */
  async function ensureSignedIn() {
    const me = member && (await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie: member.cookie } }));
    if (me?.statusCode !== 200) member = (await registerMember(t)) as typeof member;
    const admin =
      operator && (await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/report', headers: { cookie: operator.cookie } }));
    if (admin?.statusCode !== 200) operator = await signInOperator(t);
  }

  /** A plan (on sale, with stock), a coupon and a purchase of the plan; the member can pay for plausible purchases. */
  async function createFixtures() {
    const w = { t, operator };
    const plan = await createPlan(w, { stock: 1_000 });
    const coupon = await createCoupon(w, { code: `FUZZ-${randomUUID().slice(0, 6).toUpperCase()}`, kind: 'percent_off', value: 10 });
    const buyer = await quickMember(t);
    await fund(w, buyer.userId, 1_000_000);
    const bought = await buy(w, buyer, plan.id);
    if (bought.statusCode !== 201) throw new Error(`fixture purchase: ${bought.statusCode} ${bought.body}`);
    await fund(w, member.userId, 1_000_000);
    fixtures = { planId: plan.id, couponId: coupon.id, purchaseId: (bought.json() as { id: string }).id };
  }

  /** A real row for `{id}` where one is known, a fresh uuid elsewhere. */
  function idFor(template: string): string {
    if (template.startsWith('/api/v1/admin/members/')) return member.userId;
    if (/^\/api\/v1\/(admin\/)?plans\/\{id\}/.test(template)) return fixtures!.planId;
    if (template.startsWith('/api/v1/admin/coupons/{id}')) return fixtures!.couponId;
    if (template.startsWith('/api/v1/admin/purchases/{id}')) return fixtures!.purchaseId;
    return randomUUID();
  }

  function pathFor(template: string, value?: (name: string) => string | undefined): string {
    return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const given = value?.(name);
      if (given !== undefined) return given;
      if (name === 'id') return idFor(template);
      if (name === 'code') return 'fuzz-channel';
      if (name === 'channel') return 'bank-transfer';
      if (name === 'kind') return 'terms';
      // A data download link nobody asked for: 404, whatever the token.
      if (name === 'token') return 'fuzz-token';
      if (name === 'day') return '2026-11-20';
      // A ledger account: the first one a fresh database has (the platform's cash).
      if (name === 'accountId') return '1';
      throw new Error(`no value for path parameter {${name}} of ${template}: add one to pathFor`);
    });
  }

  return {
    checksum,
    ensureSignedIn,
    createFixtures,
    pathFor,
    get member() {
      return member;
    },
    get operator() {
      return operator;
    },
  };
}
