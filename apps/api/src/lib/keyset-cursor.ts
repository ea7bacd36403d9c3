import { and, eq, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '../errors';
import { isUuid } from './uuid';

/**
 * The keyset cursor of lists ordered newest first by (created_at, id): recharge orders, purchases,
 * coupons and their redemptions. Opaque to clients (base64url), checked before it reaches SQL.
 */
export interface KeysetCursor {
  createdAt: Date;
  id: string;
}

/**
 * The rows after `cursor` in newest-first order (ORDER BY created_at DESC, id DESC): created
 * before it, or at the same instant with a smaller id. No cursor, no condition (the first page).
 */
export function olderThan(cursor: KeysetCursor | undefined, createdAt: AnyColumn, id: AnyColumn): SQL | undefined {
  return cursor ? or(lt(createdAt, cursor.createdAt), and(eq(createdAt, cursor.createdAt), lt(id, cursor.id))) : undefined;
}

export function encodeCursor(row: KeysetCursor): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

/** What encodeCursor writes: an ISO instant of years 0000–9999 (as toISOString prints them), "|", a row id (uuid). */
const CURSOR_SHAPE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-fA-F-]{36})$/;
const END_OF_9999 = Date.UTC(10000, 0, 1);

/** A cursor from encodeCursor, or a 400 with a field message: never a value the database would choke on. */
export function decodeCursor(cursor: string | undefined): KeysetCursor | undefined {
  if (cursor === undefined) return undefined;
  const match = CURSOR_SHAPE.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const createdAt = new Date(match?.[1] ?? '');
  const at = createdAt.getTime();
  if (!match || !isUuid(match[2]!) || Number.isNaN(at) || at < 0 || at >= END_OF_9999) {
    throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { cursor: 'Not a valid cursor.' });
  }
  return { createdAt, id: match[2]! };
}
