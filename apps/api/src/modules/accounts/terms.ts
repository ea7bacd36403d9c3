import { sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '@orchard/shared';
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
  return (await termsShown(db, DEFAULT_LANGUAGE)).version;
}

/**
 * The terms a registration in `language` accepts: their version (above) and the language their
 * texts are shown in — `language` when the newest version of that document has a text in it, else
 * the default language's (/about falls back the same way; docs/decisions/0024). One statement, so
 * the version and the languages are of the same documents. A version's texts never change (a new
 * text is a new version), so the version and the language name exactly what was accepted.
 */
export async function termsShown(
  db: Db,
  language: Language,
): Promise<{ version: string; termsLanguage: Language; privacyLanguage: Language }> {
  const [row] = await rowsOf<{ terms: number | null; privacy: number | null; terms_has: boolean | null; privacy_has: boolean | null }>(
    db,
    sql`select t.version as terms, p.version as privacy, t.translations ? ${language} as terms_has, p.translations ? ${language} as privacy_has
          from (select 1) as one
          left join lateral (select version, translations from legal_documents where kind = 'terms' order by version desc limit 1) t on true
          left join lateral (select version, translations from legal_documents where kind = 'privacy' order by version desc limit 1) p on true`,
  );
  const shown = (has: boolean | null | undefined) => (language === DEFAULT_LANGUAGE || has ? language : DEFAULT_LANGUAGE);
  const version =
    !row || (row.terms === null && row.privacy === null) ? CURRENT_TERMS_VERSION : `terms-${row.terms ?? 0}+privacy-${row.privacy ?? 0}`;
  return { version, termsLanguage: shown(row?.terms_has), privacyLanguage: shown(row?.privacy_has) };
}
