import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The version of the terms and privacy notice a registration accepts: the newest published
 * versions of both (the operator publishes them in the console; every version is kept,
 * docs/decisions/0015), as `terms-<n>+privacy-<m>`. Registration refuses any other, so every
 * member's record names the texts they were shown. Before anything is published, the built-in
 * version below.
 */
export const CURRENT_TERMS_VERSION = '2026-11-01';

export async function currentTermsVersion(db: Db): Promise<string> {
  const [row] = await rowsOf<{ terms: number | null; privacy: number | null }>(
    db,
    sql`select max(version) filter (where kind = 'terms') as terms, max(version) filter (where kind = 'privacy') as privacy
          from legal_documents where kind in ('terms', 'privacy')`,
  );
  if (!row || (row.terms === null && row.privacy === null)) return CURRENT_TERMS_VERSION;
  return `terms-${row.terms ?? 0}+privacy-${row.privacy ?? 0}`;
}
