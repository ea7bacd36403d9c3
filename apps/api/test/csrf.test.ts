import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember } from './auth';

/**
 * The cross-site rule (docs/decisions/0006-csrf-rule.md): a state-changing request is accepted
 * only from the server's own origin (scheme + host + port), or, when the browser marks neither
 * Origin nor Sec-Fetch-Site, only when it carries what a cross-site form cannot send: a JSON
 * body or the X-Requested-With header. These suites inject without the test helpers' default
 * X-Requested-With header, as a browser or a script would send.
 */
type Headers = Record<string, string>;

function isRefused(response: { statusCode: number; json(): unknown }) {
  return response.statusCode === 403 && apiErrorSchema.parse(response.json()).error.code === 'CROSS_SITE_REFUSED';
}

describe('cross-site refusal, server reached over plain HTTP', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { clientHeader: false });
    // Registration sends JSON bodies, which the rule accepts without Origin.
    cookie = (await registerMember(t)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Body-less sign-out would end the session; `/auth/sign-out` with no cookie answers 204 too, so a cookie-less probe changes nothing. */
  const bodyless = (headers: Headers): InjectOptions => ({ method: 'POST', url: '/api/v1/auth/sign-out', headers });
  const jsonSignIn = (headers: Headers): InjectOptions => ({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ account: 'nobody@example.com', password: 'not-the-password' }),
  });

  const refused: Array<[string, InjectOptions]> = [
    ['an Origin of another site', bodyless({ origin: 'https://evil.example' })],
    ['an Origin of the same host over https (scheme differs)', bodyless({ origin: 'https://localhost' })],
    ['an Origin of the same host on another port', bodyless({ origin: 'http://localhost:8080' })],
    ['Origin "null" (sandboxed frame, data: page)', bodyless({ origin: 'null' })],
    ['an Origin that is not a URL', bodyless({ origin: 'garbage' })],
    ['Sec-Fetch-Site: cross-site', bodyless({ 'sec-fetch-site': 'cross-site' })],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', bodyless({ 'sec-fetch-site': 'same-site' })],
    ['a body-less POST without any marking header', bodyless({})],
    [
      'a text/plain body without Origin',
      { method: 'POST', url: '/api/v1/auth/sign-out', headers: { 'content-type': 'text/plain' }, payload: '{"x":1}' },
    ],
    [
      'a text/plain body-less request without Origin',
      { method: 'POST', url: '/api/v1/me/sessions/revoke-others', headers: { 'content-type': 'text/plain' } },
    ],
    [
      'a form-urlencoded body without Origin',
      { method: 'POST', url: '/api/v1/auth/sign-out', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' },
    ],
    [
      'a multipart form without Origin',
      { method: 'POST', url: '/api/v1/auth/sign-out', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' },
    ],
    ['a JSON sign-in from another site', jsonSignIn({ origin: 'https://evil.example' })],
  ];

  for (const [name, request] of refused) {
    it(`refuses ${name}`, async () => {
      const response = await t.app.inject(request);
      expect(isRefused(response), `${response.statusCode} ${response.body}`).toBe(true);
    });
  }

  it('refuses PUT and PATCH from another origin like POST, with the session cookie', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/v1/me'],
      ['PUT', '/api/v1/admin/payment-channels/bank'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: JSON.stringify({ displayName: 'Pwned' }),
      });
      expect(isRefused(response), `${method}: ${response.body}`).toBe(true);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ displayName: 'Test Member' });
  });

  const accepted: Array<[string, InjectOptions]> = [
    ['its own origin', bodyless({ origin: 'http://localhost' })],
    ['its own origin with the default port written out', bodyless({ origin: 'http://localhost:80' })],
    ['Sec-Fetch-Site: same-origin without Origin', bodyless({ 'sec-fetch-site': 'same-origin' })],
    ['a body-less request with X-Requested-With (the web client)', bodyless({ 'x-requested-with': 'fetch' })],
  ];
  for (const [name, request] of accepted) {
    it(`accepts ${name}`, async () => {
      const response = await t.app.inject(request);
      expect(response.statusCode, response.body).toBe(204);
    });
  }

  it('accepts a JSON body without Origin (scripts, server-to-server), which no form can send', async () => {
    const response = await t.app.inject(jsonSignIn({}));
    expect(response.statusCode, response.body).toBe(401);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('INVALID_CREDENTIALS');
  });

  it('lets reads through whatever their origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });

  it('exempts the signed payment webhook explicitly (server-to-server, checked by its signature)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/payments/no-such-channel',
      headers: { origin: 'https://gateway.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(isRefused(response), response.body).toBe(false);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('does not spend a refusal on paths that do not exist (they answer 404/405 as usual)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
  });
});

describe('cross-site refusal behind a trusted TLS proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRUST_PROXY: '1' }, { clientHeader: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signOut = (headers: Headers) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { host: 'orchard.example', ...headers } });

  it('compares with the forwarded scheme: https origin accepted, http origin refused', async () => {
    expect((await signOut({ 'x-forwarded-proto': 'https', origin: 'https://orchard.example' })).statusCode).toBe(204);
    expect(isRefused(await signOut({ 'x-forwarded-proto': 'https', origin: 'http://orchard.example' }))).toBe(true);
    expect(isRefused(await signOut({ 'x-forwarded-proto': 'http', origin: 'https://orchard.example' }))).toBe(true);
  });
});

describe('cross-site refusal with PUBLIC_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://orchard.example' }, { clientHeader: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signOut = (headers: Headers) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { host: 'orchard.example', ...headers } });

  it('takes the public origin as its own: the configured scheme counts, not the untrusted hop', async () => {
    expect((await signOut({ origin: 'https://orchard.example' })).statusCode).toBe(204);
    expect(isRefused(await signOut({ origin: 'http://orchard.example' }))).toBe(true);
    expect(isRefused(await signOut({ origin: 'https://orchard.example:8443' }))).toBe(true);
  });
});
