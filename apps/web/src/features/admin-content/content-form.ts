import { z } from 'zod';
import { localInputToIso } from '../../lib/datetime-local';
import { formatDateTime } from '../../lib/format';
import type { AdminContentT } from './messages';

/*
 * What the console's content forms share. Forms hold text as the inputs do; each schema turns it
 * into the API's body (dates from local time to ISO, numbers from text) and the server's field
 * messages land on the same field names.
 */

export const windowText = (t: AdminContentT, from: string, to: string | null) =>
  t('common.window', { from: formatDateTime(from), to: to ? formatDateTime(to) : t('common.open') });
export const stateText = (t: AdminContentT, active: boolean) => (active ? t('common.active') : t('common.inactive'));

/** A `datetime-local` box as an ISO instant (null when empty and not required). */
export const instant = (t: AdminContentT, required: boolean) =>
  z.string().transform((text, context) => {
    const value = localInputToIso(text);
    if (value === undefined || (required && value === null)) {
      context.addIssue({ code: 'custom', message: t('common.dateInvalid') });
      return z.NEVER;
    }
    return value;
  });

/** A box of a whole number (empty is 0). */
export const whole = (t: AdminContentT) =>
  z.string().transform((text, context) => {
    const value = text.trim() === '' ? 0 : Number(text);
    if (!Number.isInteger(value)) {
      context.addIssue({ code: 'custom', message: t('common.wholeNumber') });
      return z.NEVER;
    }
    return value;
  });

/** The translations as the form holds them, for the API: the server keeps the fields with text. */
export const translationsField = z.object({ es: z.record(z.string(), z.string()), zh: z.record(z.string(), z.string()) });
