import { z } from 'zod';
import { TRANSLATED_LANGUAGES } from '../translations';
import { multiLineTextSchema, singleLineTextSchema } from './common';

/**
 * Content the operator edits (docs/product.md `/promotion`, `/help`, `/help-center`, `/about`, the /home
 * marquee): bodies are Markdown; the API answers them rendered as safe HTML (`bodyHtml`: raw HTML
 * escaped, only http(s), mailto and tel links, images only from this app).
 */

const isoTime = z.iso.datetime();
const priority = z.number().int().min(-1000).max(1000);

/**
 * Operator content in every language (docs/decisions/0024): an item's own text fields are the
 * default language's (English); `translations` holds the others, keyed by language, each field
 * optional (left out or empty: the default language's text shows). A key that is not one of the
 * other languages, or a field the item does not have, is refused on that key.
 */
export function translationsSchema<S extends z.ZodType>(entry: S) {
  return z.strictObject({ es: entry.optional(), zh: entry.optional() });
}
export const translatedLanguageSchema = z.enum(TRANSLATED_LANGUAGES);
/** The languages (other than the default) an item lacks a text in for at least one of its fields. */
const missingLanguagesSchema = z.array(translatedLanguageSchema);
/** Which of an item's fields a member reads in the default language because their own has no text for it. */
const untranslatedSchema = <const F extends readonly [string, ...string[]]>(fields: F) => z.array(z.enum(fields));

const announcementTexts = z.strictObject({ text: z.string() });
const promotionTexts = z.strictObject({ title: z.string(), bodyMd: z.string() });
const articleTexts = z.strictObject({ title: z.string(), bodyMd: z.string() });
const legalTexts = z.strictObject({ bodyMd: z.string() });

export const announcementSchema = z.strictObject({
  id: z.string(),
  text: z.string(),
  translations: translationsSchema(announcementTexts.partial()),
  missingLanguages: missingLanguagesSchema,
  startsAt: isoTime,
  endsAt: isoTime.nullable(),
  priority: z.number().int(),
  active: z.boolean(),
  /** Also lands in every member's inbox (docs/decisions/0034). */
  important: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const promotionSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  /** Where the image is served (this app), or null. */
  imageUrl: z.string().nullable(),
  startsAt: isoTime,
  endsAt: isoTime,
  plan: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  couponCode: z.string().nullable(),
  untranslated: untranslatedSchema(['title', 'bodyHtml']),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const homeContentSchema = z.strictObject({
  /** Running now, highest priority first. */
  announcements: z.array(z.strictObject({ id: z.string(), text: z.string(), untranslated: untranslatedSchema(['text']) })),
  featured: promotionSchema.nullable(),
  serverTime: isoTime,
});
export type HomeContent = z.infer<typeof homeContentSchema>;

export const promotionListSchema = z.strictObject({ items: z.array(promotionSchema), serverTime: isoTime });
export type PromotionList = z.infer<typeof promotionListSchema>;

export const HELP_CATEGORIES = ['getting_started', 'wallet', 'plans', 'team', 'withdrawals', 'account'] as const;
export const helpCategorySchema = z.enum(HELP_CATEGORIES);
export type HelpCategory = z.infer<typeof helpCategorySchema>;

export const helpArticleSchema = z.strictObject({
  id: z.string(),
  category: helpCategorySchema,
  title: z.string(),
  bodyHtml: z.string(),
  untranslated: untranslatedSchema(['title', 'bodyHtml']),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const searchHelpQuerySchema = z.strictObject({
  q: singleLineTextSchema.trim().max(100, 'Use at most 100 characters.').optional(),
  category: helpCategorySchema.optional(),
});
export type SearchHelpQuery = z.infer<typeof searchHelpQuerySchema>;

export const supportContactsSchema = z.strictObject({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
});
export type SupportContacts = z.infer<typeof supportContactsSchema>;

export const helpCenterSchema = z.strictObject({
  items: z.array(helpArticleSchema),
  /** Whether `items` answers a search (best match first) or lists every article by category. */
  searched: z.boolean(),
  contacts: supportContactsSchema,
});
export type HelpCenter = z.infer<typeof helpCenterSchema>;

/** `earnings`: the operator's words around the earnings disclosure's figures (docs/decisions/0031). */
export const LEGAL_KINDS = ['terms', 'privacy', 'about', 'earnings'] as const;
export const legalKindSchema = z.enum(LEGAL_KINDS);
export type LegalKind = z.infer<typeof legalKindSchema>;

export const legalDocumentSchema = z.strictObject({
  kind: legalKindSchema,
  version: z.number().int(),
  bodyHtml: z.string(),
  publishedAt: isoTime,
  untranslated: untranslatedSchema(['bodyHtml']),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const legalPagesSchema = z.strictObject({
  /** The newest published version of each document there is. */
  documents: z.array(legalDocumentSchema),
});
export type LegalPages = z.infer<typeof legalPagesSchema>;

// ---------------------------------------------------------------- console

const optionalTime = isoTime.nullable().optional();

const announcementText = singleLineTextSchema.trim().max(280, 'Use at most 280 characters.');
export const upsertAnnouncementBodySchema = z.strictObject({
  text: announcementText.min(1, 'Write the announcement.'),
  translations: translationsSchema(z.strictObject({ text: announcementText.optional() })).default({}),
  startsAt: isoTime.optional(),
  endsAt: optionalTime,
  priority: priority.default(0),
  active: z.boolean().default(true),
  important: z.boolean().default(false),
});
export type UpsertAnnouncementBody = z.infer<typeof upsertAnnouncementBodySchema>;

export const announcementListSchema = z.strictObject({ items: z.array(announcementSchema) });

export const adminPromotionSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  bodyMd: z.string(),
  bodyHtml: z.string(),
  translations: translationsSchema(promotionTexts.partial()),
  missingLanguages: missingLanguagesSchema,
  imageId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  startsAt: isoTime,
  endsAt: isoTime,
  planId: z.string().nullable(),
  couponCode: z.string().nullable(),
  priority: z.number().int(),
  active: z.boolean(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionListSchema = z.strictObject({ items: z.array(adminPromotionSchema) });

const promotionTitle = singleLineTextSchema.trim().max(120, 'Use at most 120 characters.');
const promotionBody = multiLineTextSchema.max(10_000, 'Use at most 10,000 characters.');
export const upsertPromotionBodySchema = z
  .strictObject({
    title: promotionTitle.min(1, 'Give the promotion a title.'),
    bodyMd: promotionBody,
    translations: translationsSchema(z.strictObject({ title: promotionTitle.optional(), bodyMd: promotionBody.optional() })).default({}),
    imageId: z.uuid({ error: 'Upload the image again.' }).nullable().optional(),
    startsAt: isoTime,
    endsAt: isoTime,
    planId: z.uuid({ error: 'Choose a plan from the list.' }).nullable().optional(),
    couponCode: singleLineTextSchema.trim().min(1).max(40).nullable().optional(),
    priority: priority.default(0),
    active: z.boolean().default(true),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), { path: ['endsAt'], message: 'The end must be after the start.' });
export type UpsertPromotionBody = z.infer<typeof upsertPromotionBodySchema>;

export const uploadedImageSchema = z.strictObject({ id: z.string(), url: z.string(), contentType: z.string(), size: z.number().int() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
/** Largest image the console accepts. */
export const CONTENT_IMAGE_MAX_BYTES = 1_048_576;
export const CONTENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const adminHelpArticleSchema = helpArticleSchema.omit({ untranslated: true }).extend({
  bodyMd: z.string(),
  translations: translationsSchema(articleTexts.partial()),
  missingLanguages: missingLanguagesSchema,
  sortOrder: z.number().int(),
  published: z.boolean(),
});
export type AdminHelpArticle = z.infer<typeof adminHelpArticleSchema>;
export const adminHelpArticleListSchema = z.strictObject({ items: z.array(adminHelpArticleSchema) });

const articleTitle = singleLineTextSchema.trim().max(160, 'Use at most 160 characters.');
const articleBody = multiLineTextSchema.trim().max(20_000, 'Use at most 20,000 characters.');
export const upsertHelpArticleBodySchema = z.strictObject({
  category: helpCategorySchema,
  title: articleTitle.min(1, 'Give the article a title.'),
  bodyMd: articleBody.min(1, 'Write the answer.'),
  translations: translationsSchema(z.strictObject({ title: articleTitle.optional(), bodyMd: articleBody.optional() })).default({}),
  sortOrder: z.number().int().min(-1000).max(1000).default(0),
  published: z.boolean().default(true),
});
export type UpsertHelpArticleBody = z.infer<typeof upsertHelpArticleBodySchema>;

export const updateSupportContactsBodySchema = z.strictObject({
  email: z.email({ error: 'Enter an email address.' }).max(254).nullable(),
  phone: singleLineTextSchema.trim().min(3).max(40).nullable(),
  hours: singleLineTextSchema.trim().min(1).max(120).nullable(),
});
export type UpdateSupportContactsBody = z.infer<typeof updateSupportContactsBodySchema>;

const legalBody = multiLineTextSchema.trim().max(50_000, 'Use at most 50,000 characters.');
export const publishLegalBodySchema = z.strictObject({
  bodyMd: legalBody.min(1, 'Write the text.'),
  translations: translationsSchema(z.strictObject({ bodyMd: legalBody.optional() })).default({}),
});
export type PublishLegalBody = z.infer<typeof publishLegalBodySchema>;
export const legalParamsSchema = z.strictObject({ kind: legalKindSchema });
export const contentIdParamsSchema = z.strictObject({ id: z.string().max(100) });
export const legalVersionsSchema = z.strictObject({
  items: z.array(
    legalDocumentSchema
      .omit({ untranslated: true })
      .extend({ bodyMd: z.string(), translations: translationsSchema(legalTexts.partial()), missingLanguages: missingLanguagesSchema }),
  ),
});
/** A version just published, as the console sees it. */
export const publishedLegalSchema = legalDocumentSchema.omit({ untranslated: true }).extend({ missingLanguages: missingLanguagesSchema });

// ---------------------------------------------------------------- console dashboard

export const DASHBOARD_METRICS = [
  'members',
  'deposits',
  'purchases',
  'refunds',
  'commissions_earned',
  'commissions_released',
  'payouts',
] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];
const metricFigure = z.strictObject({ count: z.number().int(), amount: z.number().int() });
const metricTotals = z.strictObject(
  Object.fromEntries(DASHBOARD_METRICS.map((metric) => [metric, metricFigure])) as Record<DashboardMetric, typeof metricFigure>,
);

export const dashboardSchema = z.strictObject({
  currency: z.string().length(3),
  /** When the hourly rollup last ran (the figures include everything up to then). */
  asOf: isoTime,
  /** Exactly how many wait in each queue now. */
  queues: z.strictObject({
    recharges: z.number().int(),
    withdrawals: z.number().int(),
    referralReviews: z.number().int(),
    /** Pending commissions whose release failed and waits for its next attempt. */
    failedReleases: z.number().int(),
  }),
  totals: z.strictObject({ today: metricTotals, last7Days: metricTotals, last30Days: metricTotals }),
  /** The last 30 days (UTC), oldest first, each metric's amount (members: count). */
  daily: z.array(
    z.strictObject({
      day: z.string(),
      values: z.strictObject(
        Object.fromEntries(DASHBOARD_METRICS.map((metric) => [metric, z.number().int()])) as Record<DashboardMetric, z.ZodNumber>,
      ),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
