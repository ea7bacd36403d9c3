import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember } from './auth';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * Every error answer, whoever produces it (a route, the validator, the router, a body parser,
 * compression, Node's HTTP parser), has the documented shape `{ error: { code, message, fields? } }`.
 */
const json = { 'content-type': 'application/json' };

interface Shape {
  name: string;
  request: InjectOptions;
  status: number;
  code?: string;
}

const shapes: Shape[] = [
  { name: 'malformed JSON', request: { method: 'POST', url: '/api/v1/auth/sign-in', headers: json, payload: '{"account":' }, status: 400 },
  { name: 'empty JSON body', request: { method: 'POST', url: '/api/v1/auth/sign-in', headers: json, payload: '' }, status: 400 },
  {
    name: 'a __proto__ key',
    request: { method: 'POST', url: '/api/v1/auth/sign-in', headers: json, payload: '{"__proto__":{"x":1}}' },
    status: 400,
  },
  { name: 'a body failing its schema', request: { method: 'POST', url: '/api/v1/auth/sign-in', payload: {} }, status: 400, code: 'VALIDATION_FAILED' },
  { name: 'a malformed percent-encoding in the path', request: { method: 'GET', url: '/api/v1/recharge/orders/%E0%A4%A' }, status: 400 },
  { name: 'an unknown API path', request: { method: 'GET', url: '/api/v1/nothing-here' }, status: 404, code: 'NOT_FOUND' },
  { name: 'a known path with another method', request: { method: 'DELETE', url: '/api/v1/wallet' }, status: 405, code: 'METHOD_NOT_ALLOWED' },
  { name: 'a signed-out visitor', request: { method: 'GET', url: '/api/v1/me' }, status: 401, code: 'UNAUTHENTICATED' },
  {
    name: 'a body over the limit',
    request: { method: 'POST', url: '/api/v1/auth/sign-in', headers: json, payload: JSON.stringify({ account: 'x'.repeat(70_000) }) },
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'an over-long path parameter',
    request: { method: 'GET', url: `/api/v1/recharge/orders/${'a'.repeat(500)}` },
    status: 414,
    code: 'URI_TOO_LONG',
  },
  {
    name: 'a content type no route reads',
    request: { method: 'POST', url: '/api/v1/auth/sign-in', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a malformed content type',
    request: { method: 'POST', url: '/api/v1/auth/sign-in', headers: { 'content-type': '/;;' }, payload: 'hello' },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'an unknown content encoding',
    request: {
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { ...json, 'content-encoding': 'snappy' },
      payload: '{"account":"a@example.com","password":"x"}',
    },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a gzip body that is not gzip',
    request: { method: 'POST', url: '/api/v1/auth/sign-in', headers: { ...json, 'content-encoding': 'gzip' }, payload: 'not gzip at all' },
    status: 400,
  },
];

function expectDocumentedShape(response: { statusCode: number; headers: Record<string, unknown>; body: string }, label: string) {
  expect(String(response.headers['content-type']), label).toMatch(/^application\/json/);
  const parsed = apiErrorSchema.safeParse(JSON.parse(response.body));
  expect(parsed.success, `${label}: ${response.body}`).toBe(true);
  return parsed.data!;
}

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const shape of shapes) {
    it(`answers ${shape.name} with ${shape.status} in the error shape`, async () => {
      const response = await t.app.inject({ remoteAddress: randomIp(), ...shape.request });
      expect(response.statusCode, `${shape.name}: ${response.body}`).toBe(shape.status);
      const body = expectDocumentedShape(response, shape.name);
      if (shape.code) expect(body.error.code).toBe(shape.code);
    });
  }

  it('answers a gzip body that really is gzip like the plain one', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: randomIp(),
      headers: { ...json, 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ account: 'nobody@example.com', password: 'not-the-password' })),
    });
    expect(response.statusCode, response.body).toBe(401);
    expectDocumentedShape(response, 'gzip sign-in');
  });

  it('answers 429 with Retry-After in the error shape when a limit is reached', async () => {
    const member = await registerMember(t);
    const remoteAddress = randomIp();
    let last;
    for (let attempt = 0; attempt < 7; attempt++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress,
        payload: { account: member.email, password: 'wrong-password-here' },
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(expectDocumentedShape(last!, '429').error.code).toBe('RATE_LIMITED');
  });

  it('answers 405 with an Allow header naming the methods the path has', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/sign-in', payload: {} });
    expect(response.statusCode).toBe(405);
    expect(String(response.headers.allow)).toContain('POST');
    expectDocumentedShape(response, '405');
  });

  it('answers requests Node refuses before Fastify sees them (bad request line, huge headers) in the error shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(text));
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString('utf8')));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    for (const [label, text, status] of [
      ['a bad request line', 'GARBAGE\r\n\r\n', 400],
      ['headers over the limit', `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const answer = await raw(text);
      expect(answer, label).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      const [head, body] = answer.split('\r\n\r\n');
      expect(head, label).toMatch(/content-type: application\/json/i);
      expect(apiErrorSchema.safeParse(JSON.parse(body!)).success, `${label}: ${body}`).toBe(true);
    }
  });
});

describe('a store that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every rate-limit check fails at once.
    t = await createTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 with Retry-After in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client-errors',
      remoteAddress: randomIp(),
      payload: { kind: 'render', message: 'boom', path: '/', buildId: 'b' },
    });
    expect(response.statusCode, response.body).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(expectDocumentedShape(response, '503').error.code).toBe('UNAVAILABLE');
  });
});

describe('an unexpected failure', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('answers 500 in the error shape without leaking the cause', async () => {
    const app = await buildApp({ config: testConfig(), database: database.handle, clock: new ManualClock(new Date()) });
    app.get('/api/v1/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret detail of a bug');
    });
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(response.statusCode).toBe(500);
    const body = expectDocumentedShape(response, '500');
    expect(body.error.code).toBe('INTERNAL');
    expect(response.body).not.toContain('secret detail');
    await app.close();
  });
});
