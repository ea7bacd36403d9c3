import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, meSchema } from '@orchard/shared';
import { placeholdersOf } from '@orchard/shared/i18n/texts';
import { CATALOGUES, translateText } from '../src/i18n/translate';
import { createTestApp, type TestApp } from './app';
import { latestMessageTo, randomIp, registerMember, TEST_PASSWORD } from './auth';

/*
 * Every text the API writes in every language (issue 16, docs/decisions/0021): the English texts
 * are read out of the code the way a person would find them — string and template literals that
 * read as sentences, where errors, field messages and emails are written — and compared with
 * each catalogue: a text without a translation, a translation without its text (the code no longer
 * says it) and a lost or invented placeholder all fail.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const SCANNED = ['packages/shared/src', 'apps/api/src'];
/** Not texts a person reads from the API: logs, data the demo writes, developer tooling. */
const SKIPPED_FILES = [
  'packages/shared/src/i18n/',
  'packages/shared/src/money.ts',
  'apps/api/src/db/',
  'apps/api/src/demo/',
  'apps/api/src/ledger/format-report.ts',
  'apps/api/src/server.ts',
  'apps/api/src/start.ts',
  // Tracing: span names and log fields, read in a tracing backend.
  'apps/api/src/lib/trace-context.ts',
  'apps/api/src/lib/tracing.ts',
  'apps/api/src/lib/secret-box.ts',
  'apps/api/src/operator-password.ts',
  'apps/api/src/backup-restore.ts',
  'apps/api/src/config.ts',
  'apps/api/src/modules/accounts/outbox/log-line.ts',
  'apps/api/src/modules/recharge/demo-channels.ts',
  'apps/api/src/modules/events/routes.ts',
  // Prometheus's help texts, read by monitoring tools, not by people using the app.
  'apps/api/src/plugins/metrics.ts',
  // The statement verifier's problems: the command line prints this English, the /verify page words
  // them from its own catalogues (en, es, zh) by their codes and values.
  'packages/shared/src/books/',
];
const SKIPPED_CONTEXT =
  /log\.(info|warn|error|debug)|console\.|summary:|description:|\.describe\(|throw new Error\(|sql`|HTTP\/1\.1|Content-Type/;
const SKIPPED_TEXTS = new Set([
  'GET /me/sessions',
  'Idempotent-Replayed: true',
  'Internal Server Error',
  'Service Unavailable',
  'Not found',
]);
/** Notes written for the operator's records, in the operator's review queue as the gateway said them. */
const SKIPPED_PREFIXES = ['Gateway reported', 'Orchard-Signature:', 'Enter the password again: confirms', 'No API route', 'B{'];
const DATABASE_MEMOS = [
  'Withdrawal requested',
  'Withdrawal paid',
  'Withdrawal rejected',
  'Withdrawal cancelled',
  'Commission released',
  'Commission released (part settled what was owed)',
  'Commission voided after review',
  'Plan: {name}',
  'Recharge {reference} via {channel}',
];
const ROUTE_SUMMARY = /\b(?:consoleRoute|memberRoute)\(\s*(?:'[^']*'|\{[^}]*\}|\w+)\s*,\s*'[^']*'\s*,\s*('(?:[^'\\\n]|\\.)*')/g;
const IGNORED_NAMES = new Set(['Number', 'String', 'JSON', 'stringify', 'slice', 'join', 'length']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function placeholderName(expression: string): string {
  const names = (expression.match(/[A-Za-z_]\w*/g) ?? []).filter((name) => !IGNORED_NAMES.has(name));
  return names.at(-1) ?? 'value';
}

/** The English texts of the API, as the catalogues key them (`${max}` → `{max}`). */
export function englishTexts(): Set<string> {
  const found = new Set<string>();
  const literal = /'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;
  for (const base of SCANNED) {
    for (const file of files(join(ROOT, base))) {
      const path = relative(ROOT, file);
      if (SKIPPED_FILES.some((skipped) => path.startsWith(skipped))) continue;
      const source = readFileSync(file, 'utf8');
      // A route's OpenAPI summary, the third argument of consoleRoute/memberRoute (lib/route-app.ts): read by developers.
      const summaries = new Set([...source.matchAll(ROUTE_SUMMARY)].map((summary) => summary.index + summary[0].length - summary[1]!.length));
      for (const match of source.matchAll(literal)) {
        if (summaries.has(match.index)) continue;
        let text = match[1] ?? match[2] ?? '';
        if (!/^([A-Z]|\{\w+\}|\$\{)/.test(text) || !text.includes(' ')) continue;
        const lineStart = source.lastIndexOf('\n', match.index) + 1;
        if (SKIPPED_CONTEXT.test(source.slice(lineStart, match.index) + text)) continue;
        if (SKIPPED_TEXTS.has(text)) continue;
        if (match[2] !== undefined)
          text = text.replace(/\$\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g, (_, expression: string) => `{${placeholderName(expression)}}`);
        text = text.replaceAll("\\'", "'").replaceAll('\\n', '\n');
        if (SKIPPED_PREFIXES.some((prefix) => text.startsWith(prefix))) continue;
        if (!/^([A-Z]|\{\w+\})/.test(text)) continue;
        // One that opens with a value is a sentence only with words around it, and not SQL or a format.
        if (text.startsWith('{') && ((text.match(/\b[a-z]{2,}\b/g) ?? []).length < 4 || /\b(where|order by|limit)\b|::|[<>=|]/.test(text)))
          continue;
        found.add(text);
      }
    }
  }
  // The parts of "Try again in {wait}." (rate-limit/rules.ts describeWait).
  for (const unit of ['1 second', '{seconds} seconds', '{minutes} minutes', '{hours} hours']) found.add(unit);
  // Ledger memos the database functions write (the `sql/` definitions of the ledger and the modules); the statement shows them.
  for (const memo of DATABASE_MEMOS) found.add(memo);
  return found;
}

describe('the API’s texts in every language', () => {
  const english = englishTexts();

  it('finds the texts where they are written', () => {
    expect(english.has('This plan is sold out.')).toBe(true);
    expect(english.has('Use at most {max} characters.')).toBe(true);
    expect(
      english.has(
        'Welcome to {appName}!\n\nYour verification code is {code}\n\nIt is valid for 10 minutes. If you did not try to create an account, ignore this message.',
      ),
    ).toBe(true);
    expect(english.size).toBeGreaterThan(250);
  });

  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`${language}: every text has a translation with its placeholders, and every translation a text`, () => {
      const keys = new Set(Object.keys(catalogue));
      expect(
        [...english].filter((text) => !keys.has(text)),
        'texts without a translation',
      ).toEqual([]);
      expect(
        [...keys].filter((key) => !english.has(key)),
        'translations of texts the code no longer has',
      ).toEqual([]);
      const lost = Object.entries(catalogue).filter(
        ([key, text]) => placeholdersOf(key).join() !== placeholdersOf(text).join() || text.trim() === '',
      );
      expect(lost).toEqual([]);
    });
  }

  it('fills values into translated patterns, translating a value that is a text itself', () => {
    expect(translateText('es', 'Too many code attempts for this account. Try again in 12 minutes.')).toBe(
      CATALOGUES.es['Too many code attempts for this account. Try again in {wait}.']!.replace(
        '{wait}',
        CATALOGUES.es['{minutes} minutes']!.replace('{minutes}', '12'),
      ),
    );
    expect(translateText('zh', 'Use at most 60 characters.')).toBe(CATALOGUES.zh['Use at most 60 characters.']);
    expect(translateText('zh', 'Use at most 33 characters.')).toBe(CATALOGUES.zh['Use at most {max} characters.']!.replace('{max}', '33'));
    expect(translateText('en', 'This plan is sold out.')).toBe('This plan is sold out.');
    expect(translateText('es', 'A text nobody catalogued.')).toBe('A text nobody catalogued.');
  });
});

describe('languages over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers errors and field messages in the language of Accept-Language, English otherwise', async () => {
    const ask = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: randomIp(),
        headers: language ? { 'accept-language': language } : {},
        payload: { account: '', password: '' },
      });
    const english = apiErrorSchema.parse((await ask()).json()).error;
    const spanish = apiErrorSchema.parse((await ask('es-MX,es;q=0.9,en;q=0.8')).json()).error;
    const chinese = apiErrorSchema.parse((await ask('fr, zh-CN;q=0.5')).json()).error;
    const french = apiErrorSchema.parse((await ask('fr')).json()).error;
    expect(english.code).toBe('VALIDATION_FAILED');
    expect(spanish.code).toBe('VALIDATION_FAILED');
    expect(spanish.message).toBe(CATALOGUES.es[english.message]);
    expect(chinese.message).toBe(CATALOGUES.zh[english.message]);
    expect(french).toEqual(english);
    for (const [field, text] of Object.entries(english.fields ?? {})) {
      expect(spanish.fields?.[field]).toBe(translateText('es', text));
      expect(spanish.fields?.[field]).not.toBe(text);
    }
  });

  it('keeps the language a member chooses on the account, and writes their messages in it', async () => {
    // Registered from a browser that asked for no language: English, the language it was made in.
    const member = await registerMember(t);
    const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(meSchema.parse((await me(member.cookie)).json()).language).toBe('en');

    const bad = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: { cookie: member.cookie }, payload: { language: 'fr' } });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.fields?.language).toBeDefined();
    expect(meSchema.parse((await me(member.cookie)).json()).language).toBe('en');

    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie: member.cookie },
      payload: { language: 'zh' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(meSchema.parse(chosen.json())).toMatchObject({ language: 'zh', displayName: 'Test Member' });

    // A reset asked for from an English browser still reaches the member in their language
    // (after the minute between two messages to one address).
    t.clock.advance(61_000);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/request',
      remoteAddress: randomIp(),
      headers: { 'accept-language': 'en' },
      payload: { account: member.email },
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const message = await latestMessageTo(t, member.email!);
    expect(message.subject).toMatch(/密码重置码$/);
    expect(message.body).toContain('10 分钟');

    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie: member.cookie },
      payload: { language: null },
    });
    expect(meSchema.parse(cleared.json()).language).toBeNull();
  });

  it('a registration made in Spanish sends its code in Spanish and gives the account Spanish', async () => {
    const email = `es-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const { termsVersion } = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/options' })).json() as { termsVersion: string };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress: randomIp(),
      headers: { 'accept-language': 'es' },
      payload: { email, displayName: 'Lucía', password: TEST_PASSWORD, acceptedTermsVersion: termsVersion },
    });
    expect(started.statusCode, started.body).toBe(201);
    const message = await latestMessageTo(t, email);
    expect(message.body).toContain('¡');
    const code = /\b(\d{6})\b/.exec(message.body)![1];
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      remoteAddress: randomIp(),
      payload: { verificationId: (started.json() as { verificationId: string }).verificationId, code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((verified.json() as { user: { language: string } }).user.language).toBe('es');
  });
});
