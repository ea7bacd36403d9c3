import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { auditLog, users } from '../src/db/schema/index';
import { generateInviteCode } from '../src/lib/invite-code';
import { hashPassword, verifyPassword } from '../src/lib/password';
import { setOperatorPassword } from '../src/modules/accounts/operator-password';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember, signInOperator } from './auth';
import { DATABASE_KINDS } from './database';

/*
 * `npm run operator:password` (newcomer item 17): a lost operator password is set anew for the
 * configured database instead of "delete ./data" (wrong when DATA_DIR or DATABASE_URL is set, and
 * it throws every member away): sessions end, failed sign-ins start over, the change is audited,
 * and the command prints nothing of the password.
 */

const NEW_PASSWORD = 'quiet-lantern-harbor-58';

const signIn = (t: TestApp, account: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { account, password }, remoteAddress: randomIp() });

describe.each(DATABASE_KINDS)('setting an operator password from the command line (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const deps = () => ({ db: t.database.handle.db, clock: t.clock, config: t.config });

  it('sets the password, ends the sessions, clears failed sign-ins and audits the change', async () => {
    const operator = await signInOperator(t);
    // Locked out by failed sign-ins: even the right password waits.
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { account: operator.email, password: `wrong-${i}-password` },
        remoteAddress: ip,
      });
      expect(wrong.statusCode).toBe(401);
    }
    expect((await signIn(t, operator.email, operator.password)).statusCode).toBe(429);

    const result = await setOperatorPassword(deps(), { email: operator.email.toUpperCase(), password: NEW_PASSWORD });
    expect(result).toEqual({ ok: true, email: operator.email, sessionsEnded: 1 });

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: operator.cookie } })).statusCode).toBe(401);
    expect((await signIn(t, operator.email, operator.password)).statusCode).toBe(401);
    expect((await signIn(t, operator.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [audit] = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.password_set'), eq(auditLog.subjectId, operator.userId)));
    expect(audit).toMatchObject({ actorId: null, subjectType: 'user', detail: { via: 'npm run operator:password', sessionsEnded: 1 } });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('refuses a weak password and any account that is not an operator, changing nothing', async () => {
    const operator = await signInOperator(t);
    expect(await setOperatorPassword(deps(), { email: operator.email, password: 'password123' })).toMatchObject({
      ok: false,
      problem: 'password',
      message: 'This password is too common and easy to guess. Choose another one.',
    });
    expect(await setOperatorPassword(deps(), { email: operator.email, password: 'short' })).toMatchObject({
      ok: false,
      problem: 'password',
    });

    const member = await registerMember(t);
    const refused = await setOperatorPassword(deps(), { email: member.email!, password: NEW_PASSWORD });
    expect(refused).toMatchObject({ ok: false, problem: 'account' });
    expect(refused.ok === false && refused.problem === 'account' && refused.operators).toContain(operator.email);
    expect((await signIn(t, member.email!, member.password)).statusCode).toBe(200);
    expect((await signIn(t, operator.email, operator.password)).statusCode).toBe(200);
  });
});

describe('npm run operator:password against a data directory', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'orchard-operator-password-'));
  const dataDir = join(scratch, 'data');
  const email = 'owner@orchard.local';
  const ROOT = resolve(import.meta.dirname, '../../..');

  beforeAll(async () => {
    const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    await database.db.insert(users).values({
      email,
      displayName: 'Operator',
      passwordHash: await hashPassword('the-lost-password-1'),
      role: 'operator',
      inviteCode: generateInviteCode(),
    });
    await database.close();
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** The command as npm runs it (from source here), with `input` on its standard input. */
  function run(input: string, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/operator-password.ts'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, OPERATOR_EMAIL: email, LOG_LEVEL: 'silent', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', fail);
      child.on('close', (code) => done({ code, output }));
      child.stdin.end(input);
    });
  }

  async function storedHash(): Promise<string> {
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
      return row!.hash;
    } finally {
      await database.close();
    }
  }

  it('takes the new password from standard input, sets it, and prints none of it', { timeout: 90_000 }, async () => {
    const weak = await run('password\n');
    expect(weak.code, weak.output).toBe(1);
    expect(weak.output).toContain('Nothing was changed');
    expect(await verifyPassword(await storedHash(), 'the-lost-password-1')).toBe(true);

    const set = await run(`${NEW_PASSWORD}\n`);
    expect(set.code, set.output).toBe(0);
    expect(set.output).toContain(`Done: ${email} has a new password`);
    expect(set.output).not.toContain(NEW_PASSWORD);
    expect(await verifyPassword(await storedHash(), NEW_PASSWORD)).toBe(true);

    const fromEnvironment = await run('', { OPERATOR_PASSWORD: 'copper-violin-maple-77' });
    expect(fromEnvironment.code, fromEnvironment.output).toBe(0);
    expect(fromEnvironment.output).toContain('OPERATOR_PASSWORD');
    expect(fromEnvironment.output).not.toContain('copper-violin-maple-77');
    expect(await verifyPassword(await storedHash(), 'copper-violin-maple-77')).toBe(true);

    const missing = await run('', { DATA_DIR: join(scratch, 'nowhere') });
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('does not exist');
  });
});
