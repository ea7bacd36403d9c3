import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, CLIENT_ERROR_LIMITS } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { randomIp } from './auth';

/**
 * POST /api/v1/client-errors is open to anyone (a crashed page may have no session), so it is
 * bounded: a size cap per report, a per-address rate limit, and identical reports logged once
 * per window with a count instead of once per request.
 */
const report = (message: string, extra: Record<string, unknown> = {}) => ({
  kind: 'render',
  message,
  stack: `Error: ${message}\n    at Page (/assets/page-abc.js:1:2)`,
  path: '/home',
  buildId: 'b-1',
  ...extra,
});

describe('client error reports', () => {
  let t: TestApp;
  let warn: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    warn = vi.spyOn(t.app.log, 'warn');
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/client-errors', remoteAddress, payload: payload as object, headers });
  const logged = (message: string) =>
    (warn.mock.calls as Array<[unknown, string?]>).filter(
      ([entry, text]) => text === message && JSON.stringify(entry).includes('one-of-a-kind'),
    );

  it('refuses a report with an over-long field, naming it, and a body over the route limit with 413', async () => {
    const ip = randomIp();
    const long = await send(report('x'.repeat(CLIENT_ERROR_LIMITS.message + 1)), ip);
    expect(long.statusCode).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(long.json()).error.fields ?? {})).toEqual(['message']);
    const longStack = await send(report('boom', { stack: 's'.repeat(CLIENT_ERROR_LIMITS.stack + 1) }), ip);
    expect(Object.keys(apiErrorSchema.parse(longStack.json()).error.fields ?? {})).toEqual(['stack']);
    const huge = await send(report('boom', { padding: '界'.repeat(20_000) }), ip);
    expect(huge.statusCode).toBe(413);
    expect(apiErrorSchema.parse(huge.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts a report at every limit exactly', async () => {
    const response = await send(
      report('m'.repeat(CLIENT_ERROR_LIMITS.message), {
        stack: '界'.repeat(CLIENT_ERROR_LIMITS.stack),
        path: `/${'p'.repeat(CLIENT_ERROR_LIMITS.path - 1)}`,
        buildId: 'b'.repeat(CLIENT_ERROR_LIMITS.buildId),
      }),
      randomIp(),
    );
    expect(response.statusCode, response.body).toBe(204);
  });

  it('answers 429 with Retry-After in the error shape once an address sends too many, other addresses unaffected', async () => {
    const ip = randomIp();
    for (let i = 0; i < CLIENT_ERROR_LIMITS.perAddressPerMinute; i++) {
      expect((await send(report(`distinct ${i}`), ip)).statusCode).toBe(204);
    }
    const refused = await send(report('one more'), ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('RATE_LIMITED');
    expect((await send(report('from elsewhere'), randomIp())).statusCode).toBe(204);
    t.clock.advance(61_000);
    expect((await send(report('a minute later'), ip)).statusCode).toBe(204);
  });

  it('logs repeated identical reports once per window, then the number of repeats', async () => {
    warn.mockClear();
    const same = report('one-of-a-kind failure');
    for (let i = 0; i < 6; i++) expect((await send(same, randomIp())).statusCode).toBe(204);
    expect(logged('client error reported')).toHaveLength(1);
    // A report that differs only in its page is the same failure.
    expect((await send({ ...same, path: '/wallet' }, randomIp())).statusCode).toBe(204);
    expect(logged('client error reported')).toHaveLength(1);

    t.clock.advance(CLIENT_ERROR_LIMITS.repeatWindowMs + 1_000);
    expect((await send(same, randomIp())).statusCode).toBe(204);
    expect(logged('client error reported')).toHaveLength(2);
    const repeated = logged('client error repeated');
    expect(repeated).toHaveLength(1);
    expect(repeated[0]![0]).toMatchObject({ repeats: 6 });
  });
});
