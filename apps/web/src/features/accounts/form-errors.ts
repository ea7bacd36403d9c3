import { ApiError } from '../../lib/api-client';

export type FieldErrors = Record<string, string | undefined>;

/** What a failed request means for a form: messages under fields, or one above the button. */
export interface FormFailure {
  fields: FieldErrors;
  message?: string;
}

/**
 * Turns an API failure into form errors. Field messages go under their fields; anything else
 * (wrong password, 429 with its wait, no connection) becomes the form's message. `known` lists
 * the form's fields: a field error for a field the form does not show becomes the message.
 */
export function formFailure(error: unknown, known: readonly string[], fallback: string): FormFailure {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const fields: FieldErrors = {};
  const stray: string[] = [];
  for (const [name, text] of Object.entries(error.fields)) {
    if (known.includes(name)) fields[name] = text;
    else stray.push(text);
  }
  const hasFields = Object.keys(fields).length > 0;
  if (stray.length) return { fields, message: stray.join(' ') };
  return { fields, message: hasFields && error.code === 'VALIDATION_FAILED' ? undefined : error.message || fallback };
}

export function hasErrors(fields: FieldErrors): boolean {
  return Object.values(fields).some(Boolean);
}
