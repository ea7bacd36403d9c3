import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { consoleTotp } from '../../db/schema/index';
import { keyringOf, openSecret, sealSecret, type Keyring } from '../../lib/secret-box';

/** The keyring of SECOND_FACTOR_KEY (lib/secret-box.ts); empty when unset. */
export const secondFactorKeys = (config: { SECOND_FACTOR_KEY?: string }): Keyring => keyringOf(config.SECOND_FACTOR_KEY);

/** A console account's authenticator row with its secret opened; `stored` is the value as kept. */
export async function totpRowOf(db: Db | Tx, userId: string, ring: Keyring) {
  const [row] = await db.select().from(consoleTotp).where(eq(consoleTotp.userId, userId));
  if (!row) return undefined;
  return { ...row, stored: row.secret, secret: openSecret(ring, row, userId) };
}

/** The columns that store `secret` for `userId`. */
export const sealedTotp = (ring: Keyring, userId: string, secret: string) => sealSecret(ring, secret, userId);

/**
 * At the server's start with SECOND_FACTOR_KEY set: every secret stored in plain text or under an
 * older key is sealed with the current one (each row by a conditional update, so two instances
 * starting together do not undo each other). Throws when a row's key is not in the ring (a key
 * taken out of the list too early): the server refuses to start rather than lock its operators out.
 */
export async function sealConsoleSecrets(db: Db, ring: Keyring): Promise<number> {
  const current = ring.current;
  if (!current) return 0;
  const stale = await db
    .select()
    .from(consoleTotp)
    .where(or(isNull(consoleTotp.secretKeyId), ne(consoleTotp.secretKeyId, current.id)));
  let sealed = 0;
  for (const row of stale) {
    const plain = openSecret(ring, row, row.userId);
    const updated = await db
      .update(consoleTotp)
      .set(sealSecret(ring, plain, row.userId))
      .where(and(eq(consoleTotp.userId, row.userId), eq(consoleTotp.secret, row.secret)))
      .returning({ userId: consoleTotp.userId });
    sealed += updated.length;
  }
  return sealed;
}
