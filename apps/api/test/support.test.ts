import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueEmails } from '../src/modules/notifications/index';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator, type RegisteredMember } from './auth';
import { DATABASE_KINDS } from './database';

type Row = Record<string, unknown>;

/**
 * Contact support (modules/support/README.md): the states and who moves them, a member's own
 * tickets only, the support role's queue (finance has none) and its order, field-by-field 400s,
 * and a support reply's inbox row, emailed in the member's language as their preferences say.
 */
describe.each(DATABASE_KINDS)('contact support (%s)', (kind) => {
  let t: TestApp;
  let ana: RegisteredMember;
  let ben: RegisteredMember;
  let support: { userId: string; cookie: string };
  let finance: { userId: string; cookie: string };
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const open = async (member: RegisteredMember, subject = 'My recharge', body = 'It has not arrived yet.') => {
    const response = await call('POST', '/support/tickets', member.cookie, { subject, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; status: string };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ana = await registerMember(t);
    ben = await registerMember(t);
    await t.database.handle.db.execute(sql`update users set language = 'es' where id = ${ana.userId}`);
    support = await signInOperator(t);
    finance = await signInOperator(t);
    await t.database.handle.db.execute(sql`update users set role = 'support' where id = ${support.userId}`);
    await t.database.handle.db.execute(sql`update users set role = 'finance' where id = ${finance.userId}`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('moves open → answered → open → closed → open, each by whom the README says', async () => {
    const ticket = await open(ana);
    expect(ticket.status).toBe('open');
    const status = async () => ((await call('GET', `/support/tickets/${ticket.id}`, ana.cookie)).json() as { ticket: { status: string } }).ticket.status;

    const reply = await call('POST', `/admin/support/${ticket.id}/reply`, support.cookie, { body: 'We are looking at it.' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await status()).toBe('answered');

    expect((await call('POST', `/support/tickets/${ticket.id}/messages`, ana.cookie, { body: 'Thanks!' })).statusCode).toBe(200);
    expect(await status()).toBe('open');

    expect((await call('POST', `/support/tickets/${ticket.id}/close`, ana.cookie)).statusCode).toBe(200);
    expect(await status()).toBe('closed');
    // Closed: support cannot reply, nobody closes it twice; the member's reply reopens it.
    expect((await call('POST', `/admin/support/${ticket.id}/reply`, support.cookie, { body: 'More?' })).statusCode).toBe(409);
    expect((await call('POST', `/admin/support/${ticket.id}/close`, support.cookie)).statusCode).toBe(409);
    expect((await call('POST', `/support/tickets/${ticket.id}/close`, ana.cookie)).statusCode).toBe(409);
    expect((await call('POST', `/support/tickets/${ticket.id}/messages`, ana.cookie, { body: 'One more thing' })).statusCode).toBe(200);
    expect(await status()).toBe('open');
    expect((await call('POST', `/admin/support/${ticket.id}/close`, support.cookie)).statusCode).toBe(200);
    expect(await status()).toBe('closed');

    const thread = (await call('GET', `/support/tickets/${ticket.id}`, ana.cookie)).json() as { messages: { author: string; body: string }[] };
    expect(thread.messages.map((message) => message.author)).toEqual(['member', 'support', 'member', 'member']);
    expect(JSON.stringify(thread)).not.toContain(support.userId);
    const audit = await rows(sql`select action from audit_log where subject_id = ${ticket.id} order by id`);
    expect(audit.map((row) => row.action)).toEqual(['support.reply', 'support.close']);
  });

  it('puts a reply in the member’s inbox in the reply’s transaction, linking the thread, never its text', async () => {
    const ticket = await open(ana, 'Cupón');
    const unread = async () => ((await call('GET', '/notifications/unread', ana.cookie)).json() as { unread: number }).unread;
    const before = await unread();
    await call('POST', `/admin/support/${ticket.id}/reply`, support.cookie, { body: 'Secret reply text' });
    expect(await unread()).toBe(before + 1);
    const inbox = (await call('GET', '/notifications', ana.cookie)).json() as { items: Array<Record<string, unknown>> };
    const replies = inbox.items.filter((item) => item.kind === 'support_reply' && item.detail === 'Cupón');
    expect(replies).toEqual([expect.objectContaining({ link: `/support/${ticket.id}`, read: false, amount: null })]);
    expect(JSON.stringify(inbox)).not.toContain('Secret reply text');
    // A second reply is a second row; a refused reply (closed ticket) writes none.
    await call('POST', `/admin/support/${ticket.id}/reply`, support.cookie, { body: 'And another thing.' });
    await call('POST', `/support/tickets/${ticket.id}/close`, ana.cookie);
    expect((await call('POST', `/admin/support/${ticket.id}/reply`, support.cookie, { body: 'Too late' })).statusCode).toBe(409);
    const count = await rows(sql`select count(*)::int as n from notifications where user_id = ${ana.userId} and kind = 'support_reply' and detail = 'Cupón'`);
    expect(count[0]!.n).toBe(2);
    // A member's own messages and a close tell nobody: only support's replies are notifications.
    expect(await rows(sql`select 1 from notifications where user_id = ${support.userId}`)).toEqual([]);
  });

  it('emails the reply as the member’s preferences say, in their language, through the mailer', async () => {
    const deps = { db: t.database.handle.db, clock: t.clock, config: t.config };
    await queueDueEmails(deps);
    const all = () => rows(sql`select subject, body from outbox where destination = ${ana.email!} and kind = 'notification:support_reply' order by id`);
    const earlier = (await all()).length;
    const mails = async () => (await all()).slice(earlier);
    const first = await open(ana, 'Monedero');
    await call('POST', `/admin/support/${first.id}/reply`, support.cookie, { body: 'Secret reply text' });
    await queueDueEmails(deps);
    const [mail] = await mails();
    expect(String(mail!.subject)).toBe('El soporte respondió a tu consulta: Monedero');
    expect(String(mail!.body)).not.toContain('Secret reply text');
    expect(String(mail!.body)).toContain('/unsubscribe?token=');

    // Turned off: the inbox still has it, no email is queued.
    const off = await call('PUT', '/notifications/preferences', ana.cookie, { email: { support_reply: false }, digest: false });
    expect(off.statusCode, off.body).toBe(200);
    const second = await open(ana, 'Equipo');
    await call('POST', `/admin/support/${second.id}/reply`, support.cookie, { body: 'Answer' });
    await queueDueEmails(deps);
    expect(await mails()).toHaveLength(1);
    expect(await rows(sql`select 1 from notifications where user_id = ${ana.userId} and kind = 'support_reply' and detail = 'Equipo'`)).toHaveLength(1);
    await call('PUT', '/notifications/preferences', ana.cookie, { email: { support_reply: true }, digest: false });
  });

  it('lists the waiting queue longest-waiting first (by the member’s last message), the other views latest change first', async () => {
    const cleo = await registerMember(t);
    const base = t.clock.now().getTime();
    const at = (minutes: number) => t.clock.set(new Date(base + minutes * 60_000));
    at(1);
    const older = await open(cleo, 'Older');
    at(2);
    const newer = await open(cleo, 'Newer');
    at(3);
    await call('POST', `/admin/support/${older.id}/reply`, support.cookie, { body: 'Answered.' });
    at(4);
    // The member writes again: it waits from now, behind the newer one.
    await call('POST', `/support/tickets/${older.id}/messages`, cleo.cookie, { body: 'Still there?' });
    const ids = async (query: string) => {
      const all: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const response = await call('GET', `/admin/support?${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`, support.cookie);
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json() as { items: { id: string }[]; nextCursor: string | null };
        all.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      }
      return all;
    };
    const waiting = await ids('status=open');
    expect(waiting.indexOf(newer.id)).toBeLessThan(waiting.indexOf(older.id));
    expect(waiting.at(-1)).toBe(older.id);
    const everything = await ids('');
    expect(everything[0]).toBe(older.id);
    expect(everything[1]).toBe(newer.id);
  });

  it('shows a member only their own tickets: another member’s id answers 404 and changes nothing', async () => {
    const ticket = await open(ana, 'Private');
    for (const [method, url, payload] of [
      ['GET', `/support/tickets/${ticket.id}`],
      ['POST', `/support/tickets/${ticket.id}/messages`, { body: 'hi' }],
      ['POST', `/support/tickets/${ticket.id}/close`],
      ['GET', '/support/tickets/not-a-uuid'],
    ] as const) {
      const response = await call(method, url, ben.cookie, payload);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await rows(sql`select count(*)::int as n from support_messages where ticket_id = ${ticket.id}`))[0]!.n).toBe(1);
    const list = (await call('GET', '/support/tickets', ben.cookie)).json() as { items: unknown[] };
    expect(list.items).toEqual([]);
    const mine = (await call('GET', '/support/tickets?limit=1', ana.cookie)).json() as { items: { id: string }[]; nextCursor: string };
    expect(mine.items).toHaveLength(1);
    const next = (await call('GET', `/support/tickets?limit=1&cursor=${mine.nextCursor}`, ana.cookie)).json() as { items: { id: string }[] };
    expect(next.items[0]!.id).not.toBe(mine.items[0]!.id);
  });

  it('gives the queue to support and the operator, not to finance nor a member', async () => {
    await open(ben, 'Waiting');
    const queue = await call('GET', '/admin/support?status=open', support.cookie);
    expect(queue.statusCode, queue.body).toBe(200);
    const page = queue.json() as { items: { status: string; memberId: string }[]; openCount: number };
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => item.status === 'open')).toBe(true);
    expect(page.openCount).toBe(page.items.length);
    expect((await call('GET', '/admin/support', finance.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/admin/support', ben.cookie)).statusCode).toBe(403);
    expect(page.items.map((item) => item.memberId)).toContain(ben.userId);
  });

  it('answers bad input with 400 and a message per field, and stores nothing', async () => {
    const before = (await rows(sql`select count(*)::int as n from support_tickets`))[0]!.n;
    for (const [payload, field] of [
      [{ subject: '', body: 'x' }, 'subject'],
      [{ subject: 'x'.repeat(121), body: 'x' }, 'subject'],
      [{ subject: 'a\nb', body: 'x' }, 'subject'],
      [{ subject: 'Hello', body: '   ' }, 'body'],
      [{ subject: 'Hello', body: 'x'.repeat(4001) }, 'body'],
      [{ subject: 'Hello' }, 'body'],
    ] as const) {
      const response = await call('POST', '/support/tickets', ana.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys((response.json() as { error: { fields: object } }).error.fields)).toContain(field);
    }
    expect((await rows(sql`select count(*)::int as n from support_tickets`))[0]!.n).toBe(before);
    const ticket = await open(ana, 'Fine');
    const empty = await call('POST', `/admin/support/${ticket.id}/reply`, support.cookie, { body: '' });
    expect(empty.statusCode).toBe(400);
    expect((await call('GET', '/admin/support?status=nope', support.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/support/tickets?cursor=bad!', ana.cookie)).statusCode).toBe(400);
  });
});
