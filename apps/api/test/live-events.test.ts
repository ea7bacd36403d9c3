import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { insertChannels } from './ledger-helpers';
import { asOperator, fund, plansWorld, quickMember, secondInstance, type PlansWorld, type SecondInstance } from './plans/helpers';

/** An open event stream: the events it received so far, and a way to wait for one. */
interface Listening {
  events: string[];
  next(kind: string, timeoutMs?: number): Promise<number>;
  close(): void;
}

async function listen(app: FastifyInstance, cookie: string): Promise<Listening> {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const events: string[] = [];
  const waiting: Array<{ kind: string; resolve: (at: number) => void }> = [];
  const request = http.get({ host: '127.0.0.1', port, path: '/api/v1/events', headers: { cookie, accept: 'text/event-stream' } });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const kind = /^event: (.+)$/m.exec(block)?.[1];
      if (!kind) continue;
      events.push(kind);
      for (const waiter of waiting.filter((w) => w.kind === kind)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(Date.now());
      }
    }
  });
  // Each `next(kind)` takes the next event of that kind, one that already arrived included.
  const taken = new Map<string, number>();
  const arrivedAt: Array<{ kind: string; at: number }> = [];
  response.on('data', () => {
    while (arrivedAt.length < events.length) arrivedAt.push({ kind: events[arrivedAt.length]!, at: Date.now() });
  });
  const listening: Listening = {
    events,
    next: (kind, timeoutMs = 1_000) => {
      const index = taken.get(kind) ?? 0;
      taken.set(kind, index + 1);
      const already = arrivedAt.filter((event) => event.kind === kind)[index];
      if (already) return Promise.resolve(already.at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${kind} event within ${timeoutMs} ms (got ${events.join(', ')})`)), timeoutMs);
        waiting.push({ kind, resolve: (at) => (clearTimeout(timer), resolve(at)) });
      });
    },
    close: () => request.destroy(),
  };
  await listening.next('ready', 5_000).catch(() => undefined);
  return listening;
}

describe.each(DATABASE_KINDS)('live events (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let second: SecondInstance | undefined;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    await insertChannels(t.database.handle.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    if (kind === 'postgres') second = await secondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('a recharge credited on the other instance reaches the member’s open stream within a second, and nobody else’s', async () => {
    const member = await quickMember(t);
    const other = await quickMember(t);
    const mine = await listen(t.app, member.cookie);
    const theirs = await listen(t.app, other.cookie);
    const staff = await listen(t.app, w.operator.cookie);
    const crediting = second?.app ?? t.app;

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
      payload: { channel: 'bank', amount: 5_000 },
    });
    expect(order.statusCode, order.body).toBe(201);
    const { id } = order.json() as { id: string };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/recharge/orders/${id}/submit`,
          headers: { cookie: member.cookie },
          payload: { payerReference: 'TX-1' },
        })
      ).statusCode,
    ).toBe(200);
    await staff.next('queues');

    const balance = mine.next('balance');
    const orderChanged = mine.next('order');
    const sent = Date.now();
    const credited = await crediting.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${id}/credit`,
      headers: { cookie: w.operator.cookie, 'idempotency-key': randomUUID(), 'x-requested-with': 'fetch' },
      payload: {},
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect((await balance) - sent).toBeLessThan(1_000);
    await orderChanged;
    expect(theirs.events).toEqual(['ready']);

    // An adjustment moves the balance too; a refused one (too large a debit) sends nothing.
    await fund(w, member.userId, 100);
    await mine.next('balance');
    const before = mine.events.length;
    const refused = await asOperator(
      w,
      'POST',
      `/members/${member.userId}/adjustments`,
      { direction: 'debit', amount: 99_999_999, reason: 'too much' },
      randomUUID(),
    );
    expect(refused.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine.events.length).toBe(before);
    for (const stream of [mine, theirs, staff]) stream.close();
  });

  it('refuses a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/events' });
    expect(response.statusCode).toBe(401);
  });
});
