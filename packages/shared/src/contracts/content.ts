import { z } from 'zod';
import { multiLineTextSchema, singleLineTextSchema } from './common';

/**
 * Content the operator edits (SPEC.md `/promotion`, `/help`, `/help-center`, `/about`, the /home
 * marquee): bodies are Markdown; the API answers them rendered as safe HTML (`bodyHtml`: raw HTML
 * escaped, only http(s), mailto and tel links, images only from this app).
 */

const isoTime = z.iso.datetime();
const priority = z.number().int().min(-1000).max(1000);

export const announcementSchema = z.strictObject({
  id: z.string(),
  text: z.string(),
  startsAt: isoTime,
  endsAt: isoTime.nullable(),
  priority: z.number().int(),
  active: z.boolean(),
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
});
export type Promotion = z.infer<typeof promotionSchema>;

export const homeContentSchema = z.strictObject({
  /** Running now, highest priority first. */
  announcements: z.array(z.strictObject({ id: z.string(), text: z.string() })),
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

export const LEGAL_KINDS = ['terms', 'privacy', 'about'] as const;
export const legalKindSchema = z.enum(LEGAL_KINDS);
export type LegalKind = z.infer<typeof legalKindSchema>;

export const legalDocumentSchema = z.strictObject({
  kind: legalKindSchema,
  version: z.number().int(),
  bodyHtml: z.string(),
  publishedAt: isoTime,
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const legalPagesSchema = z.strictObject({
  /** The newest published version of each document there is. */
  documents: z.array(legalDocumentSchema),
});
export type LegalPages = z.infer<typeof legalPagesSchema>;

// ---------------------------------------------------------------- console

const optionalTime = isoTime.nullable().optional();

export const upsertAnnouncementBodySchema = z.strictObject({
  text: singleLineTextSchema.trim().min(1, 'Write the announcement.').max(280, 'Use at most 280 characters.'),
  startsAt: isoTime.optional(),
  endsAt: optionalTime,
  priority: priority.default(0),
  active: z.boolean().default(true),
});
export type UpsertAnnouncementBody = z.infer<typeof upsertAnnouncementBodySchema>;

export const announcementListSchema = z.strictObject({ items: z.array(announcementSchema) });

export const adminPromotionSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  bodyMd: z.string(),
  bodyHtml: z.string(),
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

export const upsertPromotionBodySchema = z
  .strictObject({
    title: singleLineTextSchema.trim().min(1, 'Give the promotion a title.').max(120),
    bodyMd: multiLineTextSchema.max(10_000, 'Use at most 10,000 characters.'),
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

export const adminHelpArticleSchema = helpArticleSchema.extend({
  bodyMd: z.string(),
  sortOrder: z.number().int(),
  published: z.boolean(),
});
export type AdminHelpArticle = z.infer<typeof adminHelpArticleSchema>;
export const adminHelpArticleListSchema = z.strictObject({ items: z.array(adminHelpArticleSchema) });

export const upsertHelpArticleBodySchema = z.strictObject({
  category: helpCategorySchema,
  title: singleLineTextSchema.trim().min(1, 'Give the article a title.').max(160),
  bodyMd: multiLineTextSchema.trim().min(1, 'Write the answer.').max(20_000),
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

export const publishLegalBodySchema = z.strictObject({
  bodyMd: multiLineTextSchema.trim().min(1, 'Write the text.').max(50_000),
});
export type PublishLegalBody = z.infer<typeof publishLegalBodySchema>;
export const legalParamsSchema = z.strictObject({ kind: legalKindSchema });
export const contentIdParamsSchema = z.strictObject({ id: z.string().max(100) });
export const legalVersionsSchema = z.strictObject({ items: z.array(legalDocumentSchema.extend({ bodyMd: z.string() })) });

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
