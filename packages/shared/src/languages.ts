/**
 * The languages the app speaks (docs/decisions/0021). The first is the default and what every
 * text falls back to. Zod-free, so the first-load code can import it.
 */
export const LANGUAGES = ['en', 'es', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of our languages in a list of preferences ("es-MX", "zh-Hans-CN;q=0.8", "fr"), or
 * null: the primary subtag decides, so every Spanish and Chinese variant finds its language.
 */
export function matchLanguage(preferences: readonly string[]): Language | null {
  for (const preference of preferences) {
    const language = preference.split(';')[0]!.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(language)) return language;
  }
  return null;
}

/** An `Accept-Language` header's languages in the order of their weights (ties keep their order). */
export function acceptLanguageList(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
