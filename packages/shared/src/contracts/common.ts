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
