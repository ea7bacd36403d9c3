import type { FastifyRequest } from 'fastify';
import { acceptLanguageList, DEFAULT_LANGUAGE, matchLanguage, type Language } from '@orchard/shared';
import { es } from '@orchard/shared/i18n/es';
import { compileTexts, fillTemplate, translateWith, type CompiledTexts } from '@orchard/shared/i18n/texts';
import { zh } from '@orchard/shared/i18n/zh';

/** The API's texts in other languages: catalogues and matching in packages/shared/src/i18n (docs/decisions/0021). */
export const CATALOGUES: Record<Exclude<Language, 'en'>, Record<string, string>> = { es, zh };

const compiled = new Map<Language, CompiledTexts>();
function compiledFor(language: Language): CompiledTexts | undefined {
  if (language === 'en') return undefined;
  let entry = compiled.get(language);
  if (!entry) compiled.set(language, (entry = compileTexts(CATALOGUES[language])));
  return entry;
}

/** An English text of the API in `language`; a text without an entry stays English. */
export function translateText(language: Language, text: string): string {
  return translateWith(compiledFor(language), text);
}

/** A template with `{name}` placeholders in `language`, filled: for texts built here (emails, SMS). */
export function translateTemplate(language: Language, template: string, values: Record<string, string | number>): string {
  return fillTemplate(compiledFor(language), template, values);
}

/** The language a request asks for: the first of ours in its Accept-Language, else English. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  return matchLanguage(acceptLanguageList(typeof header === 'string' ? header : undefined)) ?? DEFAULT_LANGUAGE;
}
