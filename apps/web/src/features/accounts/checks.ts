/** Codes arrive as 6 digits; people paste them with spaces or dashes. */
export function normalizeCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}
