import type { Db } from '../../db/client';
import { withTransaction } from '../../ledger/index';
import * as repo from './repository';

/** First-start content as the content module stores it (the texts themselves are src/demo/content.ts). */
export interface ContentSeed {
  announcements: repo.AnnouncementValues[];
  promotions: repo.PromotionValues[];
  articles: repo.ArticleValues[];
  support: { email: string; phone: string; hours: string; at: Date };
  legal: Array<{ kind: string; bodyMd: string; translations: repo.LegalTranslations; at: Date }>;
}

/**
 * Writes the first-start content, once: only while there are no help articles yet (so a second
 * start, or an operator's own articles, add nothing). Returns whether it wrote.
 */
export async function seedContent(db: Db, seed: ContentSeed): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    if (await repo.hasArticles(tx)) return false;
    for (const announcement of seed.announcements) await repo.insertAnnouncement(tx, announcement);
    for (const promotion of seed.promotions) await repo.insertPromotion(tx, promotion);
    for (const article of seed.articles) await repo.insertArticle(tx, article);
    await repo.updateSupportContacts(tx, { ...seed.support, by: null });
    for (const document of seed.legal) await repo.publishLegal(tx, { ...document, by: null });
    return true;
  });
}
