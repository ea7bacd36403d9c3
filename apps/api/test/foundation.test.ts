import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';

describe.each(DATABASE_KINDS)('foundation API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers health while the process is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers ready when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('lists every operation of the OpenAPI 3.1 document with an operationId', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, { operationId?: string }>> };
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operationId: operation.operationId })),
    );
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((operation) => !operation.operationId)).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['getHealth', 'getReady', 'getMe']));
  });

  it('renders the OpenAPI document at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API path with the JSON error and 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    const body = apiErrorSchema.parse(response.json());
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toContain('/api/v1/no-such-thing');
  });

  it('answers /api/v1/me with 401 to a visitor who is not signed in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(response.statusCode).toBe(401);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('UNAUTHENTICATED');
  });

  it('sends the security headers on API and page answers', async () => {
    for (const url of ['/api/health', '/about']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-request-id']).toBeTruthy();
      // Plain HTTP: no HSTS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createTestApp('pglite', { TRUST_PROXY: '1' });
    try {
      const response = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await proxied.close();
    }
  });

  it('keeps a valid incoming request id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req-12345678' } });
    expect(kept.headers['x-request-id']).toBe('req-12345678');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x y<script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('x y<script>');
  });

  it('serves every page of the route table with 200 and anything else with 404', async () => {
    for (const url of ['/', '/about', '/register', '/plan/abc123', '/recharge/confirm/xyz', '/admin/members']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    for (const url of ['/nope', '/plan/1/2', '/team', '/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('puts the run-time configuration into the page shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/about' });
    expect(response.body).toContain('name="orchard-config"');
    expect(response.body).toContain('&quot;appName&quot;:&quot;Orchard&quot;');
    expect(response.body).toContain('&quot;apiBaseUrl&quot;:&quot;/api/v1&quot;');
  });

  it('refuses a body with an unknown key, naming the field, and accepts the exact shape', async () => {
    const report = { kind: 'render', message: 'boom', path: '/home', buildId: 'b1' };
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload: { ...report, admin: true } });
    expect(refused.statusCode).toBe(400);
    const body = apiErrorSchema.parse(refused.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual({ admin: 'This field is not allowed.' });
    const accepted = await t.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload: report });
    expect(accepted.statusCode).toBe(204);
  });

  it('names each bad field of a body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload: { kind: 'nope', message: '', path: '/', buildId: 1 } });
    expect(response.statusCode).toBe(400);
    const fields = apiErrorSchema.parse(response.json()).error.fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['buildId', 'kind', 'message']);
  });

  it('refuses a malformed JSON body with a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.message).toBe('The request body is not valid JSON.');
  });
});
