import { z } from 'zod';

/**
 * One line of text a person typed: no control characters (no line breaks or tabs in a name). NUL and
 * broken Unicode are also refused for every field of every route by the API's request validator.
 */
export const singleLineTextSchema = z.string().refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'Use printable characters only.');
/** Longer text (instructions): line breaks and tabs allowed, other control characters not. */
export const multiLineTextSchema = z
  .string()
  .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'Use printable characters only.');

/** An opaque keyset cursor as the API hands it out (base64url), bounded so a hostile one costs nothing. */
export const keysetCursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Not a valid cursor.')
  .optional();

/** A page size in a query string (query values are strings): 1 to 100; absent, the API's default. */
export const pageLimitSchema = z
  .string()
  .regex(/^(?:[1-9]|[1-9]\d|100)$/, 'Use a whole number from 1 to 100.')
  .optional();

/** Years 1–9999 once in UTC: what a timestamptz and the API's ISO output both hold (an offset may move 9999-12-31 past it). */
const INSTANT_MIN_MS = Date.parse('0001-01-01T00:00:00Z');
export const isoInstant = z.iso
  .datetime({ offset: true, message: 'Use an ISO date-time such as 2026-12-01T00:00:00Z.' })
  .refine((value) => {
    const at = Date.parse(value);
    return at >= INSTANT_MIN_MS && at < Date.UTC(10000, 0, 1);
  }, 'Use a date between the years 1 and 9999.');
