import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { systemClock } from '../src/lib/clock';
import { registrationCodeMessage } from '../src/modules/accounts/messages';
import { undeliveredMessageLine } from '../src/modules/accounts/outbox/log-line';
import { enqueueMessage, OutboxWorker } from '../src/modules/accounts/outbox/outbox';
import { createTestDatabase, type TestDatabase } from './database';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

const INFO = 30;

/** The app as the server builds it, with its pino output captured line by line. */
describe('request and message logging', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let distDir: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'orchard-log-dist-'));
    mkdirSync(join(distDir, 'assets'));
    mkdirSync(join(distDir, 'builds'));
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html><html><head><title>x</title><!--orchard-config--></head><body></body></html>',
    );
    writeFileSync(join(distDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    writeFileSync(join(distDir, 'builds', 'latest.json'), '{"id":"b1"}');
    writeFileSync(join(distDir, 'favicon.ico'), 'icon');
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
    });
    database = await createTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info', NODE_ENV: 'development' }),
      database: database.handle,
      webDistDir: distDir,
      logStream: stream,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(distDir, { recursive: true, force: true });
  });

  const infoLines = () => lines.filter((line) => line.level >= INFO);

  it('writes no info line for static files, and one completion line per API request', async () => {
    lines.length = 0;
    for (const url of ['/assets/app-1a2b3c.js', '/favicon.ico', '/builds/latest.json']) {
      expect((await app.inject({ url })).statusCode).toBe(200);
    }
    expect(infoLines()).toEqual([]);

    const response = await app.inject({ url: '/api/v1/wallet?token=secret-in-query' });
    expect(response.statusCode).toBe(401);
    const logged = infoLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: expect.stringMatching(/^GET \/api\/v1\/wallet 401 \d+ms$/),
      statusCode: 401,
      url: '/api/v1/wallet',
    });
    // The query string (which may hold a sign-in token) is not written to the log.
    expect(JSON.stringify(logged)).not.toContain('secret-in-query');
  });

  it('in development, says in one line which code went to which address', async () => {
    lines.length = 0;
    const config = testConfig({ NODE_ENV: 'development' });
    const worker = OutboxWorker.fromConfig(database.handle.db, config, systemClock, app.log);
    const message = registrationCodeMessage('Orchard', { channel: 'email', destination: 'newcomer@example.com' }, '482913', 'en');
    await enqueueMessage(database.handle.db, message, new Date());
    await worker.drain();
    await worker.stop();
    const line = lines.find((entry) => entry.msg.startsWith('Code '));
    expect(line?.msg).toBe('Code 482913 for newcomer@example.com (registration, email not configured: logged here)');
    expect(line?.level).toBe(INFO);
  });
});

describe('the undelivered-message line', () => {
  const link = {
    kind: 'sign_in_link',
    channel: 'email' as const,
    destination: 'jane@example.com',
    subject: 'Your Orchard sign-in link',
    body: 'Open this link to sign in to Orchard:\n\nhttp://localhost:3000/sign-in/link?token=abc.\n\nOr enter this code on the sign-in page: 654321',
    secret: 'abc\n654321',
  };

  it('gives the link and the code of a sign-in link, with the address masked outside development', () => {
    expect(undeliveredMessageLine(link, { fullDestination: false })).toBe(
      'Link http://localhost:3000/sign-in/link?token=abc (or code 654321) for j•••@example.com (sign-in link, email not configured: logged here)',
    );
  });

  it('names a notice that carries no secret by its subject', () => {
    const notice = { ...link, kind: 'register_existing_account', secret: null, subject: 'Your Orchard account', body: 'Someone tried…' };
    expect(undeliveredMessageLine(notice, { fullDestination: true })).toBe(
      'Notice "Your Orchard account" for jane@example.com (registration with an address that has an account, email not configured: logged here)',
    );
  });
});
