import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { readableMessage } from '../../locales/errors';

/** Where a failed request's messages go: under the form's fields, or one form-level message. */
export interface ServerFailure {
  fields: Record<string, string>;
  message?: string;
}

/**
 * Splits an API failure for a form. Field messages for fields the form shows go under them; a
 * field message for a field it does not show, and any failure without field messages (wrong
 * password, 429 with its wait, 409, no connection), becomes the form-level message, worded by the
 * error catalogue (locales/errors.ts) for the person's language.
 */
export function splitServerError(error: unknown, known: readonly string[], fallback: string, locale = 'en'): ServerFailure {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const fields: Record<string, string> = {};
  const stray: string[] = [];
  for (const [name, text] of Object.entries(error.fields)) {
    if (known.includes(name)) fields[name] = text;
    else stray.push(text);
  }
  if (stray.length) return { fields, message: stray.join(' ') };
  if (Object.keys(fields).length) return { fields };
  return { fields, message: readableMessage(error, locale) || fallback };
}

/** What a person reads for a failure outside a form (a button's action, a list that did not load). */
export function failureMessage(error: unknown, fallback: string, locale = 'en'): string {
  return error instanceof ApiError ? readableMessage(error, locale) || fallback : fallback;
}

/** The root error key the kit shows as the form-level alert. */
export const SERVER_ERROR = 'root.server' as const;

/**
 * The names of a form's fields: its values' keys, and the dotted paths into nested groups
 * (`translations.es.title`), as react-hook-form and the API's field messages name them.
 */
export function fieldPaths(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return [];
  return Object.entries(values).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    // Only plain objects are groups of fields; a list, a date or a file is one field's value.
    return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
      ? fieldPaths(value, `${path}.`)
      : [path];
  });
}

/** Puts a failure on a react-hook-form form: setError per field (focusing the first), or the root. */
export function applyServerError<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  error: unknown,
  fallback: string,
  locale?: string,
) {
  const { fields, message } = splitServerError(error, fieldPaths(form.getValues()), fallback, locale);
  Object.entries(fields).forEach(([name, text], index) =>
    form.setError(name as Path<T>, { type: 'server', message: text }, { shouldFocus: index === 0 }),
  );
  if (message) form.setError(SERVER_ERROR, { type: error instanceof ApiError ? error.code : 'unknown', message });
}
