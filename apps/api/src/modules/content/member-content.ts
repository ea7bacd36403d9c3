import {
  DEFAULT_LANGUAGE,
  inLanguage,
  type Language,
  type HelpCenter,
  type HomeContent,
  type LegalPages,
  type PromotionList,
  type SearchHelpQuery,
} from '@orchard/shared';
import type { ServiceDeps } from '../../lib/service-deps';
import { renderMarkdown } from './markdown';
import * as repo from './repository';
import { iso, toMemberArticle, toPromotion } from './views';

/** /home: the announcements running now for the marquee, and the featured promotion, in `language`. */
export async function getHomeContent(deps: ServiceDeps, language: Language): Promise<HomeContent> {
  const now = deps.clock.now();
  const [announcements, promotions] = await Promise.all([repo.runningAnnouncements(deps.db, now), repo.runningPromotions(deps.db, now, 1)]);
  return {
    announcements: announcements.map((row) => {
      const { texts, untranslated } = inLanguage({ text: row.text }, row.translations, language);
      return { id: row.id, text: texts.text, untranslated };
    }),
    featured: promotions[0] ? toPromotion(promotions[0], language) : null,
    serverTime: now.toISOString(),
  };
}

/** /promotion: every promotion running now, the featured first, then the soonest to end. */
export async function listPromotions(deps: ServiceDeps, language: Language): Promise<PromotionList> {
  const now = deps.clock.now();
  const rows = await repo.runningPromotions(deps.db, now);
  return { items: rows.map((row) => toPromotion(row, language)), serverTime: now.toISOString() };
}

/** /help-center: the articles (by category, or the best matches of a search) and the support contacts. */
export async function getHelpCenter(deps: ServiceDeps, query: SearchHelpQuery, language: Language): Promise<HelpCenter> {
  const q = query.q?.trim();
  const [rows, contacts] = await Promise.all([
    q ? repo.searchArticles(deps.db, q, query.category, language) : repo.publishedArticles(deps.db, query.category),
    repo.supportContacts(deps.db),
  ]);
  return { items: rows.map((row) => toMemberArticle(row, language)), searched: Boolean(q), contacts };
}

/** The newest terms, privacy notice and about page as a reader of `language` sees them. */
function legalInLanguage(row: repo.LegalRow, language: Language) {
  const { texts, untranslated } = inLanguage({ body_md: row.body_md }, row.translations, language);
  return { bodyMd: texts.body_md, language: untranslated.length > 0 ? DEFAULT_LANGUAGE : language };
}

/** /about: the newest published version of the terms, the privacy notice and the about page. */
export async function getLegalPages(deps: ServiceDeps, language: Language): Promise<LegalPages> {
  const rows = await repo.newestLegal(deps.db);
  return {
    documents: rows.map((row) => {
      const shown = legalInLanguage(row, language);
      return {
        kind: row.kind,
        version: Number(row.version),
        bodyHtml: renderMarkdown(shown.bodyMd),
        publishedAt: iso(row.published_at),
        untranslated: shown.language === language ? [] : ['bodyHtml' as const],
      };
    }),
  };
}

/** An uploaded image as stored, for GET /content/images/:id. */
