import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema/index';
import { signSmsPayload } from '../src/modules/accounts/outbox/outbox';
import { createTestApp, type TestApp } from './app';
import { ACCEPTED_TERMS, latestMessageTo, randomIp, registerMember, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP sink on a random port, as a real mail server would receive the message. */
async function startSmtpSink(): Promise<{ port: number; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A stand-in SMS provider: records each POST with its headers; answers `status`. */
async function startSmsProvider(status = 200): Promise<{
  url: string;
  requests: Array<{ headers: Record<string, string | string[] | undefined>; body: string }>;
  close(): Promise<void>;
}> {
  const requests: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body });
      response.statusCode = status;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/sms`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(DATABASE_KINDS)('outbox delivery on %s', (kind) => {
  describe('over SMTP and the SMS webhook', () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
    let sms: Awaited<ReturnType<typeof startSmsProvider>>;
    beforeAll(async () => {
      smtp = await startSmtpSink();
      sms = await startSmsProvider();
      t = await createTestApp(kind, {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Orchard <no-reply@orchard.test>',
        SMS_WEBHOOK_URL: sms.url,
        SMS_WEBHOOK_SECRET: 'sms-secret',
        OUTBOX_POLL_MS: '0',
      });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
      await sms?.close();
    });

    it('mails the registration code through the SMTP server, and the code from the mail completes the account', async () => {
      const email = `smtp-${Date.now()}@example.com`;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: randomIp(),
        payload: { email, displayName: 'Mailed', ...ACCEPTED_TERMS, password: TEST_PASSWORD },
      });
      expect(registered.statusCode).toBe(201);
      await t.app.outbox.drain();
      const mail = smtp.mails.find((received) => received.to.includes(email));
      expect(mail).toBeDefined();
      expect(mail!.from).toBe('no-reply@orchard.test');
      const code = /Your verification code is (\d{6})/.exec(mail!.raw)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const row = await latestMessageTo(t, email);
      expect(row.status).toBe('sent');
      expect(row.attempts).toBe(1);
      // Once delivered, the operator's view no longer shows a working code.
      expect(row.body).not.toContain(code!);
      expect(row.secret).toBeNull();
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify',
        payload: { verificationId: registered.json().verificationId, code },
      });
      expect(verified.statusCode).toBe(200);
    });

    it('mails a sign-in link and code; the delivered row keeps neither', async () => {
      const member = await registerMember(t);
      t.clock.advance(60_000);
      const requested = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in-link/request',
        remoteAddress: randomIp(),
        payload: { account: member.email },
      });
      expect(requested.statusCode).toBe(202);
      await t.app.outbox.drain();
      const mail = smtp.mails.filter((received) => received.to.includes(member.email!)).at(-1)!;
      const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = /auto_way\?token=([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
      const code = /sign-in page: (\d{6})/.exec(raw)?.[1];
      expect(token).toBeTruthy();
      expect(code).toBeTruthy();
      const row = await latestMessageTo(t, member.email!);
      expect(row.status).toBe('sent');
      expect(row.body).not.toContain(token!);
      expect(row.body).not.toContain(code!);
      const consumed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in-link', payload: { token } });
      expect(consumed.statusCode).toBe(200);
    });

    it('posts SMS as signed JSON to the webhook', async () => {
      const phone = `+1555${String(Date.now()).slice(-7)}`;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: randomIp(),
        payload: { phone, displayName: 'Texted', ...ACCEPTED_TERMS, password: TEST_PASSWORD },
      });
      expect(registered.statusCode).toBe(201);
      await t.app.outbox.drain();
      const request = sms.requests.find((received) => received.body.includes(phone));
      expect(request).toBeDefined();
      expect(request!.headers['content-type']).toBe('application/json');
      const timestamp = String(request!.headers['x-orchard-timestamp']);
      expect(request!.headers['x-orchard-signature']).toBe(`sha256=${signSmsPayload('sms-secret', timestamp, request!.body)}`);
      const payload = JSON.parse(request!.body) as { to: string; text: string; kind: string };
      expect(payload).toMatchObject({ to: phone, kind: 'register_code' });
      expect(payload.text).toMatch(/verification code is \d{6}/);
      expect((await latestMessageTo(t, phone)).status).toBe('sent');
    });
  });

  // Builds its own app: slower than the shared one on a busy machine.
  it(
    'never fails the request when the mail server is down; retries with back-off and keeps the status on the row',
    { timeout: 120_000 },
    async () => {
      const port = await closedPort();
      const sms = await startSmsProvider(503);
      const t = await createTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${port}`, SMS_WEBHOOK_URL: sms.url, OUTBOX_POLL_MS: '0' });
      try {
        const email = `down-${Date.now()}@example.com`;
        const registered = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          remoteAddress: randomIp(),
          payload: { email, displayName: 'Waiting', ...ACCEPTED_TERMS, password: TEST_PASSWORD },
        });
        expect(registered.statusCode).toBe(201);
        await t.app.outbox.drain();
        let row = await latestMessageTo(t, email);
        expect(row.status).toBe('pending');
        expect(row.attempts).toBe(1);
        expect(row.lastError).toBeTruthy();
        expect(new Date(row.nextAttemptAt).getTime() - t.clock.now().getTime()).toBeGreaterThanOrEqual(29_000);
        // Not due yet: nothing happens.
        await t.app.outbox.drain();
        expect((await latestMessageTo(t, email)).attempts).toBe(1);
        // Each retry waits longer; after the last one the row is marked failed.
        for (let attempt = 2; attempt <= 6; attempt++) {
          t.clock.advance(3_600_000);
          await t.app.outbox.drain();
          row = await latestMessageTo(t, email);
          expect(row.attempts).toBe(attempt);
        }
        expect(row.status).toBe('failed');

        const phone = `+1555${String(Date.now()).slice(-7)}`;
        const texted = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          remoteAddress: randomIp(),
          payload: { phone, displayName: 'Waiting', ...ACCEPTED_TERMS, password: TEST_PASSWORD },
        });
        expect(texted.statusCode).toBe(201);
        await t.app.outbox.drain();
        const smsRow = await latestMessageTo(t, phone);
        expect(smsRow.status).toBe('pending');
        expect(smsRow.lastError).toContain('503');
      } finally {
        await t.close();
        await sms.close();
      }
    },
  );

  // Builds its own app: slower than the shared one on a busy machine.
  it('without SMTP or SMS configured, logs the message and marks it logged', { timeout: 120_000 }, async () => {
    const t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
    try {
      const member = await registerMember(t);
      await t.app.outbox.drain();
      const row = await latestMessageTo(t, member.email!);
      expect(row.status).toBe('logged');
      expect(row.body).toMatch(/\d{6}/);
      const all = await t.database.handle.db.select().from(outbox).where(eq(outbox.status, 'pending'));
      expect(all).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
