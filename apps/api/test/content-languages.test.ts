import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  type AdminHelpArticle,
  type AdminPromotion,
  type Announcement,
  type HelpCenter,
  type HomeContent,
  type LegalPages,
  type Plan,
  type PlanList,
  type PromotionList,
} from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { buy, createPlan, fund, plansWorld, quickMember, rows, scalar, type PlansWorld } from './plans/helpers';

const DAY = 86_400_000;

/*
 * Operator content in every language (issue 10, docs/decisions/0024): each item keeps a text per
 * language, the console sees which languages are missing, a member reads their own language and
 * the default language's where theirs has none (told which fields fell back), and a translation the
 * API does not know is refused on its field, changing nothing.
 */
describe.each(DATABASE_KINDS)('content in every language (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let member: { userId: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    member = await quickMember(t);
  });
  afterAll(async () => t?.close());

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/admin${url}`, headers: { cookie: w.operator.cookie }, ...(payload ? { payload } : {}) });
  const read = <T>(url: string, language: string, cookie: string | null = member.cookie) =>
    t.app
      .inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'accept-language': language, ...(cookie ? { cookie } : {}) } })
      .then((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as T;
      });
  const window = () => ({
    startsAt: new Date(t.clock.now().getTime() - DAY).toISOString(),
    endsAt: new Date(t.clock.now().getTime() + 3 * DAY).toISOString(),
  });

  it('announcements: each language its own text, the default language where one is missing, and the console sees which', async () => {
    const created = await admin('POST', '/announcements', {
      text: 'Transfers are matched within a day.',
      translations: { es: { text: 'Las transferencias se concilian en un día.' } },
      priority: 900,
    });
    expect(created.statusCode, created.body).toBe(201);
    const announcement = created.json() as Announcement;
    expect(announcement.translations).toEqual({ es: { text: 'Las transferencias se concilian en un día.' } });
    expect(announcement.missingLanguages).toEqual(['zh']);

    const text = async (language: string) =>
      (await read<HomeContent>('/content/home', language)).announcements.find((item) => item.id === announcement.id);
    expect(await text('es-MX,es;q=0.9')).toEqual({
      id: announcement.id,
      text: 'Las transferencias se concilian en un día.',
      untranslated: [],
    });
    expect(await text('zh-CN')).toEqual({ id: announcement.id, text: 'Transfers are matched within a day.', untranslated: ['text'] });
    expect(await text('en-US')).toEqual({ id: announcement.id, text: 'Transfers are matched within a day.', untranslated: [] });

    // Chinese added: nothing missing any more; an empty text is no translation.
    const updated = await admin('PUT', `/announcements/${announcement.id}`, {
      text: announcement.text,
      translations: { es: { text: '   ' }, zh: { text: '转账会在一天内核对。' } },
      priority: 900,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((updated.json() as Announcement).translations).toEqual({ zh: { text: '转账会在一天内核对。' } });
    expect((updated.json() as Announcement).missingLanguages).toEqual(['es']);
    expect(await text('zh')).toEqual({ id: announcement.id, text: '转账会在一天内核对。', untranslated: [] });
  });

  it('promotions: title and body per language, each field falling back on its own; the linked plan is named in the language', async () => {
    const plan = await createPlan(w, {
      name: 'Garden',
      translations: { es: { name: 'Jardín' }, zh: { name: '花园' } },
    });
    const created = await admin('POST', '/promotions', {
      title: 'Spring week',
      bodyMd: 'Join **now**.',
      translations: { es: { title: 'Semana de primavera', bodyMd: 'Únete **ya**.' }, zh: { title: '春季周' } },
      planId: plan.id,
      priority: 1000,
      ...window(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const promotion = created.json() as AdminPromotion;
    expect(promotion.translations).toEqual({ es: { title: 'Semana de primavera', bodyMd: 'Únete **ya**.' }, zh: { title: '春季周' } });
    expect(promotion.missingLanguages).toEqual(['zh']);

    const inList = async (language: string) =>
      (await read<PromotionList>('/promotions', language)).items.find((item) => item.id === promotion.id)!;
    const spanish = await inList('es');
    expect(spanish).toMatchObject({ title: 'Semana de primavera', plan: { id: plan.id, name: 'Jardín' }, untranslated: [] });
    expect(spanish.bodyHtml).toContain('Únete <strong>ya</strong>.');
    const chinese = await inList('zh');
    expect(chinese).toMatchObject({ title: '春季周', plan: { name: '花园' }, untranslated: ['bodyHtml'] });
    expect(chinese.bodyHtml).toContain('Join <strong>now</strong>.');
    // The featured promotion of /home is the same, in the same language.
    expect((await read<HomeContent>('/content/home', 'es')).featured).toMatchObject({ id: promotion.id, title: 'Semana de primavera' });
  });

  it('help articles: read and searched in the reader’s language, English still found, Chinese by the words typed', async () => {
    const created = await admin('POST', '/help-articles', {
      category: 'withdrawals',
      title: 'How long does a withdrawal take?',
      bodyMd: 'Usually two business days.',
      translations: {
        es: { title: '¿Cuánto tarda un retiro?', bodyMd: 'Normalmente dos días hábiles para retirar tu dinero.' },
        zh: { title: '提现需要多长时间？', bodyMd: '通常需要两个工作日。' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json() as AdminHelpArticle;
    expect(article.missingLanguages).toEqual([]);
    const untranslated = (
      await admin('POST', '/help-articles', { category: 'account', title: 'Changing my name', bodyMd: 'Open Profile.' })
    ).json() as AdminHelpArticle;
    expect(untranslated.missingLanguages).toEqual(['es', 'zh']);

    const listed = (await read<HelpCenter>('/help-center', 'es', null)).items;
    expect(listed.find((item) => item.id === article.id)).toMatchObject({ title: '¿Cuánto tarda un retiro?', untranslated: [] });
    expect(listed.find((item) => item.id === untranslated.id)).toMatchObject({
      title: 'Changing my name',
      untranslated: ['title', 'bodyHtml'],
    });

    const search = async (q: string, language: string) =>
      (await read<HelpCenter>(`/help-center?q=${encodeURIComponent(q)}`, language, null)).items.map((item) => item.title);
    // Spanish stemming: "retiros" finds "retiro"/"retirar".
    expect(await search('retiros', 'es')).toContain('¿Cuánto tarda un retiro?');
    // A Spanish reader typing English still finds the article, shown in Spanish.
    expect(await search('withdrawal', 'es')).toContain('¿Cuánto tarda un retiro?');
    expect(await search('提现', 'zh')).toEqual(['提现需要多长时间？']);
    expect(await search('工作日 提现', 'zh')).toEqual(['提现需要多长时间？']);
    expect(await search('提现', 'en')).toEqual([]);
    expect(await search('withdrawal', 'en')).toContain('How long does a withdrawal take?');
  });

  it('legal pages: each version holds every language; /about falls back per document and says so', async () => {
    const terms = await admin('POST', '/legal/terms', {
      bodyMd: 'These are the terms.',
      translations: { es: { bodyMd: 'Estos son los términos.' } },
    });
    expect(terms.statusCode, terms.body).toBe(201);
    expect(terms.json()).toMatchObject({ kind: 'terms', missingLanguages: ['zh'] });
    const versions = (await admin('GET', '/legal/terms')).json() as { items: Array<{ translations: object; missingLanguages: string[] }> };
    expect(versions.items[0]).toMatchObject({ translations: { es: { bodyMd: 'Estos son los términos.' } }, missingLanguages: ['zh'] });

    const document = async (language: string) =>
      (await read<LegalPages>('/legal', language, null)).documents.find((item) => item.kind === 'terms')!;
    expect(await document('es')).toMatchObject({ bodyHtml: '<p>Estos son los términos.</p>\n', untranslated: [] });
    expect(await document('zh')).toMatchObject({ bodyHtml: '<p>These are the terms.</p>\n', untranslated: ['bodyHtml'] });
    expect(await document('en')).toMatchObject({ bodyHtml: '<p>These are the terms.</p>\n', untranslated: [] });
  });

  it('plans: name, description, benefits and badge per language; the console sees what is missing', async () => {
    const plan = await createPlan(w, {
      name: 'Orchard Club',
      description: 'The club for the whole year.',
      benefits: ['Member events', 'Priority support'],
      badge: 'Popular',
      translations: {
        es: {
          name: 'Club Orchard',
          description: 'El club para todo el año.',
          benefits: ['Eventos para miembros', 'Soporte prioritario'],
          badge: 'Popular',
        },
        zh: { name: '果园俱乐部', benefits: ['会员活动'] },
      },
      sortOrder: 999,
    });
    expect(plan.missingLanguages).toEqual(['zh']);
    expect(plan.translations.zh).toEqual({ name: '果园俱乐部', benefits: ['会员活动'] });

    const inList = async (language: string) => (await read<PlanList>('/plans', language)).items.find((item) => item.id === plan.id)!;
    expect(await inList('es')).toMatchObject({
      name: 'Club Orchard',
      description: 'El club para todo el año.',
      benefits: ['Eventos para miembros', 'Soporte prioritario'],
      badge: 'Popular',
      untranslated: [],
    });
    expect(await inList('zh')).toMatchObject({
      name: '果园俱乐部',
      description: 'The club for the whole year.',
      benefits: ['会员活动'],
      badge: 'Popular',
      untranslated: ['description', 'badge'],
    });
    expect(await read<Plan>(`/plans/${plan.id}`, 'zh')).toMatchObject({ name: '果园俱乐部', untranslated: ['description', 'badge'] });
    expect(await inList('en')).toMatchObject({ name: 'Orchard Club', untranslated: [] });

    // Bought: the receipt keeps the name as bought, read in the member's language while it is still the plan's name.
    const buyer = await quickMember(t);
    await fund(w, buyer.userId, plan.price);
    expect((await buy(w, buyer, plan.id)).statusCode).toBe(201);
    const purchases = async (language: string) =>
      (await read<{ items: Array<{ plan: { name: string } }> }>('/me/purchases', language, buyer.cookie)).items.map(
        (item) => item.plan.name,
      );
    expect(await purchases('zh')).toEqual(['果园俱乐部']);
    expect(await purchases('en')).toEqual(['Orchard Club']);
    const renamed = await admin('PUT', `/plans/${plan.id}`, {
      name: 'Orchard Club 2027',
      description: plan.description,
      benefits: plan.benefits,
      price: plan.price,
      durationDays: plan.durationDays,
      badge: plan.badge,
      translations: plan.translations,
      sortOrder: 999,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await purchases('zh')).toEqual(['Orchard Club']);
  });

  describe('refuses what it does not know, on its field, and changes nothing', () => {
    const cases: Array<{ what: string; url: string; table: string; body: () => object; field: string; message: RegExp }> = [
      {
        what: 'a language the app does not speak',
        url: '/announcements',
        table: 'announcements',
        body: () => ({ text: 'Hello', translations: { fr: { text: 'Bonjour' } } }),
        field: 'translations.fr',
        message: /not allowed/,
      },
      {
        what: 'the default language as a translation',
        url: '/help-articles',
        table: 'help_articles',
        body: () => ({ category: 'account', title: 'Hi', bodyMd: 'Hello', translations: { en: { title: 'Hi' } } }),
        field: 'translations.en',
        message: /not allowed/,
      },
      {
        what: 'a field the item does not have',
        url: '/promotions',
        table: 'promotions',
        body: () => ({ title: 'Hi', bodyMd: '', ...window(), translations: { es: { title: 'Hola', subtitle: 'x' } } }),
        field: 'translations.es.subtitle',
        message: /not allowed/,
      },
      {
        what: 'a title too long',
        url: '/promotions',
        table: 'promotions',
        body: () => ({ title: 'Hi', bodyMd: '', ...window(), translations: { zh: { title: '长'.repeat(121) } } }),
        field: 'translations.zh.title',
        message: /at most 120/,
      },
      {
        what: 'an announcement too long',
        url: '/announcements',
        table: 'announcements',
        body: () => ({ text: 'Hello', translations: { es: { text: 'a'.repeat(281) } } }),
        field: 'translations.es.text',
        message: /at most 280/,
      },
      {
        what: 'a legal text too long',
        url: '/legal/privacy',
        table: 'legal_documents',
        body: () => ({ bodyMd: 'Privacy.', translations: { es: { bodyMd: 'a'.repeat(50_001) } } }),
        field: 'translations.es.bodyMd',
        message: /at most 50,000/,
      },
      {
        what: 'a translation that is not an object',
        url: '/help-articles',
        table: 'help_articles',
        body: () => ({ category: 'account', title: 'Hi', bodyMd: 'Hello', translations: { es: 'Hola' } }),
        field: 'translations.es',
        message: /./,
      },
      {
        what: 'a Spanish plan name promising a return',
        url: '/plans',
        table: 'plans',
        body: () => ({ name: 'Gold', price: 100, durationDays: 30, translations: { es: { name: 'Rentabilidad garantizada' } } }),
        field: 'translations.es.name',
        message: /not a return/,
      },
      {
        what: 'a Chinese plan benefit promising a return',
        url: '/plans',
        table: 'plans',
        body: () => ({ name: 'Gold', price: 100, durationDays: 30, translations: { zh: { benefits: ['每日收益'] } } }),
        field: 'translations.zh.benefits.0',
        message: /not a return/,
      },
      {
        what: 'too many benefits in one language',
        url: '/plans',
        table: 'plans',
        body: () => ({
          name: 'Gold',
          price: 100,
          durationDays: 30,
          translations: { es: { benefits: Array.from({ length: 13 }, (_, i) => `b${i}`) } },
        }),
        field: 'translations.es.benefits',
        message: /At most 12/,
      },
    ];
    for (const { what, url, table, body, field, message } of cases) {
      it(what, async () => {
        const before = await scalar(t.database.handle.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
        const response = await admin('POST', url, body());
        expect(response.statusCode, response.body).toBe(400);
        const { error } = apiErrorSchema.parse(response.json());
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(error.fields ?? {})).toContain(field);
        expect(error.fields?.[field]).toMatch(message);
        expect(await scalar(t.database.handle.db, sql`select count(*)::int as n from ${sql.identifier(table)}`)).toBe(before);
      });
    }

    it('answers field messages in the operator’s language', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/announcements',
        headers: { cookie: w.operator.cookie, 'accept-language': 'es' },
        payload: { text: 'Hello', translations: { es: { text: 'a'.repeat(281) } } },
      });
      expect(apiErrorSchema.parse(response.json()).error.fields?.['translations.es.text']).toBe('Usa como máximo 280 caracteres.');
    });
  });

  it('the database refuses a translation shape the API would never write', async () => {
    const db = t.database.handle.db;
    const now = t.clock.now();
    for (const translations of [
      { fr: { text: 'Bonjour' } },
      { en: { text: 'Hello' } },
      { es: { colour: 'x' } },
      { es: {} },
      { es: 'Hola' },
      [],
    ]) {
      await expect(
        db.execute(sql`insert into announcements (text, translations, starts_at, created_at, updated_at)
                       values ('x', ${JSON.stringify(translations)}::jsonb, ${now}, ${now}, ${now})`),
        JSON.stringify(translations),
      ).rejects.toThrow();
    }
    await expect(db.execute(sql`update plans set translations = '{"zh": {"benefits": "one"}}'::jsonb where true`)).rejects.toThrow();
    const [stored] = await rows<{ translations: unknown }>(db, sql`select translations from announcements order by created_at limit 1`);
    expect(stored?.translations).toBeTypeOf('object');
  });
});
