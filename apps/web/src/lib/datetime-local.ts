const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO instant → the value of an <input type="datetime-local"> ("2026-12-01T09:30"), in the
 * browser's time zone (the operator's own clock); "" for none.
 */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value (local time, no offset) → an ISO instant in UTC; null when empty,
 * undefined when it is not a date and time.
 */
export function localInputToIso(text: string): string | null | undefined {
  const value = text.trim();
  if (!value) return null;
  // Date-time without an offset is local time (ECMAScript); a date alone would be UTC, so refuse it.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
