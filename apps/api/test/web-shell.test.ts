import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { registerMember } from './auth';

const SCRIPT = 'console.log("a page chunk, long enough to be worth compressing");\n'.repeat(40);

/** The page shells and files the server answers with from a web build (apps/api/src/plugins/web.ts). */
describe('serving the web build', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'orchard-web-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html><html><head><title>x</title><!--orchard-config--></head><body></body></html>',
    );
    writeFileSync(
      join(distDir, 'route-preloads.json'),
      JSON.stringify({
        '/home': { scripts: ['assets/member-a1.js', 'assets/pages-b2.js'], styles: ['assets/member-c3.css'] },
        '/plan/$id': { scripts: ['assets/member-a1.js'], styles: [] },
        '/plan/log': { scripts: ['assets/plan-log-d4.js'], styles: [] },
        '/': { scripts: [], styles: [] },
        '/register': { scripts: ['assets/auth-e5.js'], styles: [] },
      }),
    );
    writeFileSync(join(distDir, 'assets', 'member-a1.js'), SCRIPT);
    writeFileSync(join(distDir, 'assets', 'member-a1.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(distDir, 'assets', 'pages-b2.js'), SCRIPT);
    testApp = await createTestApp('pglite', {}, { webDistDir: distDir });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const shell = async (url: string, cookie = 'orchard_session=abc') => (await app.inject({ url, headers: { cookie } })).body;

  it("names a page's own chunks and styles in its shell, so they load alongside the entry", async () => {
    const home = await shell('/home');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/member-a1.js">');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/pages-b2.js">');
    expect(home).toContain('<link rel="preload" as="style" crossorigin href="/assets/member-c3.css">');
    expect(home.indexOf('modulepreload')).toBeLessThan(home.indexOf('</head>'));
    // The run-time configuration is there too.
    expect(home).toContain('name="orchard-config"');
  });

  it("names no member page's chunks for a visitor without a session (sent on to sign in)", async () => {
    expect(await shell('/home', '')).not.toContain('modulepreload');
    expect(await shell('/home', 'theme=dark')).not.toContain('modulepreload');
    expect(await shell('/home', 'theme=dark; orchard_session=abc')).toContain('/assets/member-a1.js');
    expect(await shell('/register', '')).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-e5.js">');
  });

  it('matches dynamic paths, a static path first, and names nothing for a path it does not list', async () => {
    expect(await shell('/plan/42')).toContain('/assets/member-a1.js');
    expect(await shell('/plan/log')).toContain('/assets/plan-log-d4.js');
    expect(await shell('/plan/log')).not.toContain('/assets/member-a1.js');
    expect(await shell('/?next=%2Fhome')).not.toContain('modulepreload');
    expect(await shell('/withdraw')).not.toContain('modulepreload');
    const unknown = await app.inject({ url: '/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('modulepreload');
  });

  it('sends the compressed copy the build wrote when the browser takes it, the file itself otherwise', async () => {
    const compressed = await app.inject({ url: '/assets/member-a1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/member-a1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    // No copy written: compressed as it goes out, as before.
    const onTheFly = await app.inject({ url: '/assets/pages-b2.js', headers: { 'accept-encoding': 'br' } });
    expect(onTheFly.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(onTheFly.rawPayload).toString()).toBe(SCRIPT);
  });

  /** The answers a shell carries for its page's first reads (`#orchard-reads`), parsed. */
  function readsIn(page: string): Record<string, unknown> | undefined {
    const found = /<script type="application\/json" id="orchard-reads"[^>]*>(.*?)<\/script>/s.exec(page);
    return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : undefined;
  }

  it("carries the answers of a page's first reads for the member signed in, and only theirs", async () => {
    const member = await registerMember(testApp, { displayName: 'Shell Reader' });
    const other = await registerMember(testApp, { displayName: 'Someone Else' });
    const home = readsIn(await shell('/home', member.cookie))!;
    // The session probe every page makes, and what /home renders first (APP_ROUTES' reads).
    expect(home['/session']).toMatchObject({ user: { id: member.userId, displayName: 'Shell Reader' } });
    expect(home['/wallet']).toMatchObject({ available: 0, onHold: 0 });
    expect(Object.keys(home)).toEqual(
      expect.arrayContaining(['/wallet/transactions?limit=5', '/recharge/orders?limit=20', '/me/commissions', '/content/home']),
    );
    // Each the same answer the page would read itself.
    const wallet = await app.inject({ url: '/api/v1/wallet', headers: { cookie: member.cookie } });
    expect(home['/wallet']).toEqual(wallet.json());
    expect(JSON.stringify(readsIn(await shell('/home', other.cookie)))).not.toContain(member.userId);
    // Another page carries the probe only.
    expect(Object.keys(readsIn(await shell('/plan/log', member.cookie))!)).toEqual(['/session']);
  });

  it('carries a visitor’s answers on public pages, and leaves out what was not answered 200', async () => {
    const register = readsIn(await shell('/register', ''))!;
    expect(register['/session']).toEqual({ user: null });
    expect(register['/auth/options']).toMatchObject({ passwordMinLength: expect.any(Number) });
    // An ended session: the probe says nobody, the member's reads (401) are not there to use.
    const ended = readsIn(await shell('/home', 'orchard_session=no-such-session'))!;
    expect(ended).toEqual({ '/session': { user: null } });
    // No answers in a shell for a path that is not a page, nor for a HEAD.
    expect((await app.inject({ url: '/no-such-page' })).body).not.toContain('orchard-reads');
    expect((await app.inject({ method: 'HEAD', url: '/register' })).body).toBe('');
  });

  it('answers the reads in the browser’s language and says which, so a page in another language reads its content itself', async () => {
    const member = await registerMember(testApp);
    const now = testApp.clock.now();
    await testApp.database.handle.db.execute(sql`insert into announcements (text, translations, starts_at, priority, created_at, updated_at)
      values ('Welcome', '{"es": {"text": "Bienvenida"}}'::jsonb, ${new Date(now.getTime() - 60_000)}, 1000, ${now}, ${now})`);
    const page = async (language: string) =>
      (await app.inject({ url: '/home', headers: { cookie: member.cookie, 'accept-language': language } })).body;
    const spanish = await page('es-ES,es;q=0.9');
    expect(spanish).toContain('id="orchard-reads" data-language="es"');
    expect(readsIn(spanish)!['/content/home']).toMatchObject({ announcements: [{ text: 'Bienvenida', untranslated: [] }] });
    const other = await page('fr-FR');
    expect(other).toContain('id="orchard-reads" data-language="en"');
    expect(readsIn(other)!['/content/home']).toMatchObject({ announcements: [{ text: 'Welcome' }] });
  });

  it('cannot be closed early by what a member typed', async () => {
    const member = await registerMember(testApp, { displayName: '</script><script>alert(1)</script>' });
    const page = await shell('/home', member.cookie);
    expect(page).not.toContain('<script>alert(1)');
    expect(page.match(/<\/script>/g)?.length).toBe(1);
    expect(readsIn(page)!['/session']).toMatchObject({ user: { displayName: '</script><script>alert(1)</script>' } });
  });

  it('compresses the shell for a browser that takes it, and is never kept by a cache', async () => {
    const member = await registerMember(testApp);
    const plain = await app.inject({ url: '/home', headers: { cookie: member.cookie } });
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url: '/home', headers: { cookie: member.cookie, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('id="orchard-reads"');
    const gzip = await app.inject({ url: '/home', headers: { cookie: member.cookie, 'accept-encoding': 'br;q=0, gzip;q=1' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('name="orchard-config"');
  });
});
