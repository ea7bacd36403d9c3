import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { ACCEPTED_TERMS, randomIp, registerMember, signInOperator, type RegisteredMember } from './auth';
import { DATABASE_KINDS } from './database';

/**
 * Text PostgreSQL cannot store (a lone UTF-16 surrogate, a NUL character) is refused at request
 * validation with a 400 naming the field, on every route, before any handler or database sees it.
 */
const LONE_HIGH = 'a\ud800b';
const LONE_LOW = '\udc00';
const NUL = 'a\u0000b';

describe.each(DATABASE_KINDS)('unstorable text on %s', (kind) => {
  let t: TestApp;
  let member: RegisteredMember;
  let operator: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    member = await registerMember(t);
    operator = await signInOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function expectFieldRefused(
    request: { method: 'POST' | 'PUT' | 'GET'; url: string; payload?: unknown; cookie?: string; idempotent?: boolean },
    field: string,
  ) {
    const response = await t.app.inject({
      method: request.method,
      url: request.url,
      remoteAddress: randomIp(),
      headers: {
        ...(request.cookie ? { cookie: request.cookie } : {}),
        ...(request.idempotent ? { 'idempotency-key': randomUUID() } : {}),
        ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      // Serialized here: JSON.stringify writes a lone surrogate as the escape `\ud800`, as an attacker would.
      ...(request.payload !== undefined ? { payload: JSON.stringify(request.payload) } : {}),
    });
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
  }

  const unauthenticatedShapes = (text: string) =>
    [
      { url: '/api/v1/auth/sign-in', payload: { account: `x${text}@example.com`, password: 'whatever-pass' }, field: 'account' },
      { url: '/api/v1/auth/sign-in', payload: { account: 'someone@example.com', password: `pass${text}word` }, field: 'password' },
      {
        url: '/api/v1/auth/register',
        payload: { email: 'new@example.com', displayName: `Name ${text}`, ...ACCEPTED_TERMS, password: 'long-enough-pass' },
        field: 'displayName',
      },
      {
        url: '/api/v1/auth/register',
        payload: { email: 'new2@example.com', displayName: 'Name', ...ACCEPTED_TERMS, password: `long-enough-pass${text}` },
        field: 'password',
      },
      { url: '/api/v1/auth/password-reset/request', payload: { account: `r${text}@example.com` }, field: 'account' },
      {
        url: '/api/v1/auth/password-reset',
        payload: { verificationId: randomUUID(), code: '123456', password: `new-password${text}` },
        field: 'password',
      },
      { url: '/api/v1/auth/sign-in-link', payload: { token: `tok${text}en` }, field: 'token' },
      {
        url: '/api/v1/client-errors',
        payload: { kind: 'render', message: `boom${text}`, path: '/home', buildId: 'b1' },
        field: 'message',
      },
    ] as const;

  for (const [name, text] of [
    ['a lone high surrogate', LONE_HIGH],
    ['a lone low surrogate', LONE_LOW],
    ['a NUL character', NUL],
  ] as const) {
    it(`refuses ${name} in the body of requests anyone can send, naming the field`, async () => {
      for (const shape of unauthenticatedShapes(text)) {
        await expectFieldRefused({ method: 'POST', url: shape.url, payload: shape.payload }, shape.field);
      }
    });
  }

  it('refuses a lone surrogate in a signed-in member’s and an operator’s body', async () => {
    await expectFieldRefused(
      {
        method: 'POST',
        url: '/api/v1/auth/password',
        cookie: member.cookie,
        payload: { currentPassword: member.password, newPassword: `another-pass${LONE_HIGH}` },
      },
      'newPassword',
    );
    await expectFieldRefused(
      {
        method: 'POST',
        url: `/api/v1/admin/members/${member.userId}/adjustments`,
        cookie: operator.cookie,
        idempotent: true,
        payload: { direction: 'credit', amount: 100, reason: `fix${LONE_HIGH}` },
      },
      'reason',
    );
  });

  it('names a nested field with a dot path and a bad key by its own name', async () => {
    await expectFieldRefused(
      {
        method: 'PUT',
        url: '/api/v1/admin/payment-channels/nested1',
        cookie: operator.cookie,
        payload: { name: 'Bank', kind: 'manual', instructions: 'Pay', extra: { deeper: [`x${LONE_HIGH}`] } },
      },
      'extra.deeper.0',
    );
    await expectFieldRefused(
      { method: 'POST', url: '/api/v1/auth/sign-in', payload: { account: 'a@example.com', password: 'p', [`k${LONE_HIGH}`]: 1 } },
      'ka\ufffdb',
    );
  });

  it('refuses NUL in the query string and in a path parameter', async () => {
    await expectFieldRefused({ method: 'GET', url: '/api/v1/admin/members?q=a%00b', cookie: operator.cookie }, 'q');
    await expectFieldRefused({ method: 'GET', url: `/api/v1/admin/members/a%00b/wallet`, cookie: operator.cookie }, 'id');
  });

  it('keeps headers storable: Node refuses NUL in a header, and other bytes arrive as Latin-1 text', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const signIn = (userAgent: Buffer) =>
      new Promise<string>((resolve, reject) => {
        const body = JSON.stringify({ account: member.email, password: member.password });
        // write, not end: a half-closed socket would be dropped before the answer (Connection: close ends it).
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            Buffer.concat([
              Buffer.from('POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nUser-Agent: '),
              userAgent,
              Buffer.from(
                `\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
              ),
            ]),
          ),
        );
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString('latin1')));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    const withNul = await signIn(Buffer.from('agent\u0000x', 'latin1'));
    expect(withNul).toMatch(/^HTTP\/1.1 400 /);
    expect(apiErrorSchema.safeParse(JSON.parse(withNul.split('\r\n\r\n')[1]!)).success).toBe(true);
    // The UTF-8-like bytes of a surrogate (ED A0 80) are three Latin-1 characters: stored, never a 500.
    const surrogateBytes = await signIn(Buffer.from([0x61, 0xed, 0xa0, 0x80]));
    expect(surrogateBytes).toMatch(/^HTTP\/1.1 200 /);
  });

  it('stores well-formed text outside the BMP (a valid surrogate pair) unchanged', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ displayName: 'Ana 🌱 עברית é' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { displayName: string }).displayName).toBe('Ana 🌱 עברית é');
  });
});
