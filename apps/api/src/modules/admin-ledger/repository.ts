import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/index';

/** The id of a user who is a member (not an operator), or undefined. */
export async function findMemberId(db: Db | Tx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
  return row && row.role === 'member' ? row.id : undefined;
}
