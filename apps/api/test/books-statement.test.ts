import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyStatement, type VerifiableStatement } from '@orchard/shared/books';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../src/config';
import { linkChainNow } from '../src/ledger/index';
import { ManualClock } from '../src/lib/clock';
import { sealDueDays, signingKeyFor } from '../src/modules/books/seal';
import { verifiableStatement } from '../src/modules/books/statement';
import { rechargeMember } from './books-helpers';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';

vi.setConfig({ testTimeout: 90_000 });
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const config = testConfig();
const key = signingKeyFor(config)!;
const copy = (doc: VerifiableStatement) => JSON.parse(JSON.stringify(doc)) as VerifiableStatement;
const cli = (doc: unknown, ...extra: string[]) => {
  const file = join(mkdtempSync(join(tmpdir(), 'statement-')), 'statement.json');
  writeFileSync(file, JSON.stringify(doc));
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-statement.mjs', file, ...extra], { cwd: ROOT, encoding: 'utf8' });
};

/** A member's verifiable statement (docs/decisions/0028): verifies offline, and names what was changed. */
describe.each(DATABASE_KINDS)('the verifiable statement on %s', (kind) => {
  let database: TestDatabase;
  let statement: VerifiableStatement;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db;
    const a = await rechargeMember(db, [1000], undefined, new Date('2026-01-01T10:00:00Z'));
    await rechargeMember(db, [2000], a.memberId, new Date('2026-01-02T11:00:00Z'));
    await rechargeMember(db, [500], undefined, new Date('2026-01-02T12:00:00Z'));
    await rechargeMember(db, [250, 125], a.memberId, new Date('2026-01-03T09:00:00Z'));
    await linkChainNow(db);
    const clock = new ManualClock('2026-01-04T01:00:00Z');
    await sealDueDays({ db, clock, key });
    statement = await verifiableStatement({ db, clock, config }, a.memberId, { from: '2026-01-02', to: '2026-01-03' });
  });
  afterAll(() => database?.destroy());

  it('opens and closes on the sealed balances and verifies with the operator key', async () => {
    expect(statement.period).toEqual({ from: '2026-01-02', to: '2026-01-03' });
    const wallet = statement.accounts.find((account) => account.type === 'member_available')!.accountId;
    expect(statement.opening).toContainEqual({ accountId: wallet, balance: '1000' });
    expect(statement.closing).toContainEqual({ accountId: wallet, balance: '3375' });
    expect(statement.closing.filter((b) => b.accountId !== wallet).every((b) => b.balance === '0')).toBe(true);
    expect(statement.lines.map((l) => l.amount)).toEqual(['2000', '250', '125']);
    expect(statement.seals.map((s) => [s.role, s.day])).toEqual([
      ['opening', '2026-01-01'],
      ['closing', '2026-01-03'],
    ]);
    expect(await verifyStatement(statement, { trustedKeys: [key.publicKey.publicKey] })).toMatchObject({ ok: true, problems: [] });
    expect((await verifyStatement(statement, { trustedKeys: ['AAAA'] })).problems).toEqual([
      { code: 'untrusted_key', keyId: key.publicKey.keyId },
    ]);
  });

  it('names the line whose amount had one digit changed', async () => {
    const tampered = copy(statement);
    tampered.lines[1]!.amount = '350';
    const check = await verifyStatement(tampered);
    expect(check.ok).toBe(false);
    expect(check.problems).toContainEqual(expect.objectContaining({ code: 'line_signature', line: 2, amount: '350' }));
    expect(check.problems).toContainEqual(expect.objectContaining({ code: 'running', line: 2, expected: '3350', balanceAfter: '3250' }));
  });

  it('names a changed date, a changed proof, a changed closing line and a removed line', async () => {
    const dated = copy(statement);
    dated.lines[0]!.createdAt = '2026-01-02T11:00:01.000000Z';
    expect((await verifyStatement(dated)).problems).toEqual([expect.objectContaining({ code: 'line_signature', line: 1 })]);
    const proof = copy(statement);
    proof.seals[1]!.balances[0]!.leaf.balance = '9375';
    expect((await verifyStatement(proof)).problems).toContainEqual(
      expect.objectContaining({ code: 'proof', day: '2026-01-03', balance: '9375' }),
    );
    const shown = copy(statement);
    shown.closing.find((b) => b.balance === '3375')!.balance = '4375';
    expect((await verifyStatement(shown)).problems).toEqual([
      expect.objectContaining({ code: 'summary', which: 'closing', shown: '4375', sealed: '3375' }),
    ]);
    const removed = copy(statement);
    removed.lines.splice(2, 1);
    expect((await verifyStatement(removed)).problems).toEqual([
      expect.objectContaining({ code: 'closing', sealed: '3375', lines: '3250' }),
    ]);
    const seal = copy(statement);
    seal.seals[0]!.payload = seal.seals[0]!.payload.replace('"day":"2026-01-01"', '"day":"2026-01-02"');
    expect((await verifyStatement(seal)).problems).toContainEqual({ code: 'seal_signature', day: '2026-01-01' });
  });

  // The command line reads a file, not the database: once, on the embedded one, is enough.
  if (kind === 'pglite') {
    it('npm run verify-statement: exit 0 when it holds, 1 naming the line when a digit changed', () => {
      const good = cli(statement, '--key', key.publicKey.publicKey);
      expect(good.stdout).toMatch(/^OK: 3 line\(s\) and 2 seal\(s\) verified/);
      expect(good.status).toBe(0);
      const tampered = copy(statement);
      tampered.lines[0]!.amount = '3000';
      const bad = cli(tampered);
      expect(bad.stdout).toContain('Line 1 (entry');
      expect(bad.stdout).toContain('amount 3000');
      expect(bad.status).toBe(1);
    });
  }
});
