import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/**
 * Text no route may receive: a NUL character (PostgreSQL `text`/`jsonb` cannot hold it) and a
 * UTF-16 surrogate without its pair (JSON may escape one, `"\ud800"`; PostgreSQL refuses it, and
 * everything else silently turns it into U+FFFD). A valid pair (emoji, rare CJK) is left alone.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');
const MESSAGE = 'Use text without NUL characters or broken Unicode (a lone UTF-16 surrogate).';
/** Nesting beyond this is not walked (JSON bodies are capped at 64 KB; no contract nests this deep). */
const MAX_DEPTH = 32;

/** Where the first unstorable string sits in a parsed body, query or params object (key names included). */
function findUnstorableText(value: unknown, path: Array<string | number> = [], depth = 0): Array<string | number> | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    // The key itself is named with U+FFFD in place of the broken character, so the answer stays valid JSON text.
    if (UNSTORABLE.test(key)) return [...path, key.replace(UNSTORABLE_ALL, '\ufffd')];
    const found = findUnstorableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Reports the first unstorable string as a zod issue, so it reaches the client like any other field error. */
const unstorableTextGuard = z.unknown().superRefine((value, context) => {
  const path = findUnstorableText(value);
  if (path) context.addIssue({ code: 'custom', path, message: MESSAGE });
});

/**
 * The one request validator of the app: every route's body, query string, params and headers
 * schema goes through it. Unstorable text is refused first (400 `VALIDATION_FAILED` naming the
 * field), so no contract has to remember it and no handler or database ever sees it; then the
 * route's own zod schema runs.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const guard = zodValidatorCompiler({ ...route, schema: unstorableTextGuard });
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const guarded = guard(data) as { error?: unknown };
    if (guarded.error) return guarded as ReturnType<typeof validate>;
    return validate(data);
  };
}
