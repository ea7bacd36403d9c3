import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPromotion, HelpCenter, HomeContent, LegalPages, PromotionList, UploadedImage } from '@orchard/shared';
import { renderMarkdown } from '../src/modules/content/markdown';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator } from './auth';
import { DATABASE_KINDS } from './database';
import { rows } from './plans/helpers';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360f8cfc000000301010018dd8db40000000049454e44ae426082',
  'hex',
);
const DAY = 86_400_000;

describe('Markdown from the operator is rendered safe', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](java\tscript:alert(1))',
    '[click](vbscript:msgbox(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![x](javascript:alert(1))',
    '![x](https://evil.example/track.png)',
    '<iframe src="https://evil.example"></iframe>',
    '<div onclick="alert(1)" style="position:fixed">x</div>',
    '[x](//evil.example)',
  ];
  for (const source of hostile) {
    it(`neutralises ${JSON.stringify(source)}`, () => {
      const html = renderMarkdown(source);
      // Hostile text may remain as text (escaped); what matters is every tag the browser would build.
      const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
      for (const tag of tags) {
        expect(tag).toMatch(/^<(p|a|img|strong|em|ul|ol|li|code|pre|h[1-6]|br|blockquote|hr)[\s>/]/i);
        expect(tag).not.toMatch(/\son\w+\s*=/i);
        expect(tag).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
        expect(tag).not.toMatch(/href="\/\/|src="(https?:)?\/\//i);
      }
    });
  }
  it('keeps what an operator means: emphasis, lists, safe links with rel, our own images', () => {
    const html = renderMarkdown('**Double** points\n\n- one\n- two\n\n[Plans](/plan) and [site](https://example.com) ![banner](/api/v1/content/images/abc)');
    expect(html).toContain('<strong>Double</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/plan" rel="noopener noreferrer nofollow">Plans</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a>');
    expect(html).toContain('<img src="/api/v1/content/images/abc" alt="banner" loading="lazy">');
  });
});

describe.each(DATABASE_KINDS)('content (%s)', (kind) => {
  let t: TestApp;
  let operator: { userId: string; cookie: string };
  let member: { userId: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signInOperator(t);
    member = await registerMember(t);
  });
  afterAll(async () => t?.close());

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/admin${url}`, headers: { cookie: operator.cookie }, ...(payload ? { payload } : {}) });
  const upload = (body: Buffer, type: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/images',
      headers: { cookie: operator.cookie, 'content-type': type, origin: 'http://localhost' },
      payload: body,
    });
  const asMember = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: member.cookie } });

  it('uploads an image only when its bytes are the type it claims and it is small enough, and serves it with nosniff', async () => {
    const images = await rows<{ n: number }>(t.database.handle.db, sql`select count(*)::int as n from content_images`);
    const text = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { file: expect.stringContaining('not a PNG, JPEG or WebP') } } });
    expect((await upload(PNG, 'image/jpeg')).statusCode).toBe(400);
    expect((await upload(Buffer.from('GIF89a'), 'image/gif')).statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(1_048_577)]);
    const tooBig = await upload(big, 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await rows<{ n: number }>(t.database.handle.db, sql`select count(*)::int as n from content_images`)).toEqual(images);

    const uploaded = await upload(PNG, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json() as UploadedImage;
    expect(image).toMatchObject({ contentType: 'image/png', size: PNG.length, url: `/api/v1/content/images/${image.id}` });
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/content/images/not-an-id' })).statusCode).toBe(404);
  });

  it('shows promotions and announcements only inside their window, the featured one first, bodies rendered safe', async () => {
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const running = await admin('POST', '/promotions', {
      title: 'Double weekend',
      bodyMd: 'Buy **Gold** <script>alert(1)</script> [x](javascript:alert(1))',
      startsAt: at(-DAY),
      endsAt: at(2 * DAY),
      priority: 5,
    });
    expect(running.statusCode, running.body).toBe(201);
    const later = await admin('POST', '/promotions', { title: 'Next month', bodyMd: 'Soon', startsAt: at(10 * DAY), endsAt: at(20 * DAY) });
    expect(later.statusCode).toBe(201);
    const backwards = await admin('POST', '/promotions', { title: 'Bad', bodyMd: '', startsAt: at(DAY), endsAt: at(-DAY) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ error: { fields: { endsAt: 'The end must be after the start.' } } });
    expect((await admin('POST', '/promotions', { title: 'No image', bodyMd: 'x', startsAt: at(0), endsAt: at(DAY), imageId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);

    await admin('POST', '/announcements', { text: 'Old news', startsAt: at(-3 * DAY), endsAt: at(-DAY) });
    await admin('POST', '/announcements', { text: 'Maintenance tonight', startsAt: at(-DAY), priority: 1 });
    await admin('POST', '/announcements', { text: 'Welcome!', startsAt: at(-DAY), priority: 9 });

    const home = (await asMember('/content/home')).json() as HomeContent;
    expect(home.announcements.map((a) => a.text)).toEqual(['Welcome!', 'Maintenance tonight']);
    expect(home.featured).toMatchObject({ title: 'Double weekend', endsAt: at(2 * DAY) });
    expect(home.featured!.bodyHtml).toContain('<strong>Gold</strong>');
    expect(home.featured!.bodyHtml).not.toMatch(/<script|href="javascript/);
    const list = (await asMember('/promotions')).json() as PromotionList;
    expect(list.items.map((p) => p.title)).toEqual(['Double weekend']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/promotions' })).statusCode).toBe(401);

    // Switched off, it disappears at once.
    const promotion = running.json() as AdminPromotion;
    const off = await admin('PUT', `/promotions/${promotion.id}`, {
      title: promotion.title,
      bodyMd: promotion.bodyMd,
      startsAt: promotion.startsAt,
      endsAt: promotion.endsAt,
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect(((await asMember('/content/home')).json() as HomeContent).featured).toBeNull();
  });

  it('searches help articles with PostgreSQL full-text search, by category too; visitors may read them', async () => {
    for (const [category, title, bodyMd] of [
      ['withdrawals', 'How long does a withdrawal take?', 'Payouts are sent by bank transfer within two working days.'],
      ['wallet', 'How do I recharge?', 'Choose an amount, pay by bank transfer with the reference, and wait for the credit.'],
      ['team', 'What does an invite bring me?', 'A commission on what your friends pay for plans.'],
    ] as const) {
      expect((await admin('POST', '/help-articles', { category, title, bodyMd })).statusCode).toBe(201);
    }
    // An article's body is rendered as safely as a promotion's.
    const hostile = await admin('POST', '/help-articles', {
      category: 'account',
      title: 'Hostile article',
      bodyMd: '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))',
      published: false,
    });
    expect(hostile.statusCode).toBe(201);
    expect((hostile.json() as { bodyHtml: string }).bodyHtml).not.toMatch(/<script|<img|href="javascript/i);
    const search = async (q: string, category?: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/help-center?q=${encodeURIComponent(q)}${category ? `&category=${category}` : ''}` })
      ).json() as HelpCenter;
    const transfers = await search('bank transfers');
    expect(transfers.searched).toBe(true);
    expect(transfers.items.map((a) => a.title).sort()).toEqual(['How do I recharge?', 'How long does a withdrawal take?']);
    expect((await search('withdrawing')).items[0]!.title).toBe('How long does a withdrawal take?');
    expect((await search('bank', 'wallet')).items.map((a) => a.title)).toEqual(['How do I recharge?']);
    expect((await search('"quoted OR -minus')).items).toEqual(expect.any(Array));
    expect((await search('zebra')).items).toEqual([]);
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/help-center' })).json() as HelpCenter;
    expect(all.searched).toBe(false);
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    const contacts = await admin('PUT', '/support-contacts', { email: 'help@orchard.test', phone: '+1 555 0100', hours: 'Mon–Fri 9–17' });
    expect(contacts.statusCode).toBe(200);
    expect(((await t.app.inject({ method: 'GET', url: '/api/v1/help-center' })).json() as HelpCenter).contacts).toEqual({
      email: 'help@orchard.test',
      phone: '+1 555 0100',
      hours: 'Mon–Fri 9–17',
    });
  });

  it('keeps every published version of the legal pages and shows the newest with its date', async () => {
    expect((await admin('POST', '/legal/terms', { bodyMd: '# Terms\n\nVersion one.' })).statusCode).toBe(201);
    t.clock.advance(DAY);
    const second = await admin('POST', '/legal/terms', { bodyMd: '# Terms\n\nVersion two.' });
    expect(second.json()).toMatchObject({ kind: 'terms', version: 2 });
    expect((await admin('POST', '/legal/privacy', { bodyMd: 'We keep little.' })).json()).toMatchObject({ version: 1 });
    expect((await admin('POST', '/legal/cookies', { bodyMd: 'x' })).statusCode).toBe(400);
    const pages = (await t.app.inject({ method: 'GET', url: '/api/v1/legal' })).json() as LegalPages;
    const terms = pages.documents.find((d) => d.kind === 'terms')!;
    expect(terms).toMatchObject({ version: 2, publishedAt: t.clock.now().toISOString() });
    expect(terms.bodyHtml).toContain('Version two.');
    const versions = (await admin('GET', '/legal/terms')).json() as { items: { version: number }[] };
    expect(versions.items.map((v) => v.version)).toEqual([2, 1]);
  });
});
