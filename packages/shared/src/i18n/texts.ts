import type { Language } from '../languages';

/**
 * The texts the API writes — error and field messages (the contracts' zod messages among them),
 * emails and SMS — in the other languages (docs/decisions/0021). A text is written once, in
 * English, where it is raised; each language's catalogue (`./es.ts`, `./zh.ts`) maps that English
 * text to its own. A text with values (`Use at most ${max} characters.`) is catalogued as `Use at
 * most {max} characters.` and matched as a pattern; a value that is itself a catalogued text ("12
 * minutes") is translated too. The API translates its answers with it; the web app's forms, which
 * check with the same contracts, translate their messages with the same catalogues (loaded with
 * the language). apps/api/test/i18n.test.ts checks that every English text in the code has an
 * entry in every language with the same placeholders, and that no entry outlives its text.
 * Zod-free.
 */

export type TextCatalogue = Record<string, string>;

interface Pattern {
  regex: RegExp;
  names: string[];
  translation: string;
}

export interface CompiledTexts {
  exact: Map<string, string>;
  patterns: Pattern[];
}

const PLACEHOLDER = /\{(\w+)\}/g;

export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).sort();
}

export function compileTexts(catalogue: TextCatalogue): CompiledTexts {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [english, translation] of Object.entries(catalogue)) {
    exact.set(english, translation);
    const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    if (names.length === 0) continue;
    const source = english
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    patterns.push({ regex: new RegExp(`^${source}$`, 's'), names, translation });
  }
  // The most specific pattern first: more literal text, fewer guesses.
  patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  return { exact, patterns };
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** An English text in the language of `texts`; a text without an entry stays English. */
export function translateWith(texts: CompiledTexts | undefined, text: string, depth = 0): string {
  if (!texts || depth > 2) return text;
  const direct = texts.exact.get(text);
  if (direct !== undefined) return direct;
  for (const pattern of texts.patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    pattern.names.forEach((name, index) => {
      values[name] = translateWith(texts, match[index + 1]!, depth + 1);
    });
    return fill(pattern.translation, values);
  }
  return text;
}

/** A template with `{name}` placeholders in the language of `texts`, filled: for texts built whole (emails, SMS). */
export function fillTemplate(texts: CompiledTexts | undefined, template: string, values: Record<string, string | number>): string {
  const translated = texts?.exact.get(template) ?? template;
  return fill(translated, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])));
}

export type { Language };
