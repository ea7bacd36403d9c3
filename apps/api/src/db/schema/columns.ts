import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Columns the tables write the same way, once: a moment with its time zone, an id the database
 * draws, and the member a row belongs to (`user_id`, required).
 */
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const randomId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const memberId = (options?: { onDelete: 'cascade' }) =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, options);
