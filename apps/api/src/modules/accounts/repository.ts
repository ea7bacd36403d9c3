import { and, desc, eq, gt, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AccountIdentifier } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { signInLinks, users, verificationCodes, type PendingRegistration } from '../../db/schema/index';

type Executor = Db | Tx;
export type UserRow = typeof users.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type CodePurpose = CodeRow['purpose'];

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByIdentifier(db: Executor, identifier: AccountIdentifier): Promise<UserRow | undefined> {
  const column = identifier.kind === 'email' ? users.email : users.phone;
  const [row] = await db.select().from(users).where(eq(column, identifier.value));
  return row;
}

export async function findUserByInviteCode(db: Executor, inviteCode: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, inviteCode));
  return row;
}

export async function insertUser(
  db: Executor,
  values: {
    email: string | null;
    phone: string | null;
    displayName: string;
    passwordHash: string;
    inviteCode: string;
    referrerId: string | null;
    createdAt: Date;
    acceptedTermsVersion?: string | null;
    termsAcceptedAt?: Date | null;
    acceptedTermsLanguage?: 'en' | 'es' | 'zh' | null;
    language?: 'en' | 'es' | 'zh' | null;
  },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function updateProfile(
  db: Executor,
  userId: string,
  change: { displayName?: string; language?: 'en' | 'es' | 'zh' | null },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(change).where(eq(users.id, userId)).returning();
  return row;
}

// Verification codes.
export async function insertCode(
  db: Executor,
  values: {
    /** Made by the caller, so the code's hash (salted with it) is written with the row. */
    id: string;
    purpose: CodePurpose;
    channel: 'email' | 'sms';
    destination: string;
    userId: string | null;
    codeHash: string;
    now: Date;
    expiresAt: Date;
    registration: PendingRegistration | null;
  },
): Promise<CodeRow> {
  const [row] = await db
    .insert(verificationCodes)
    .values({
      id: values.id,
      purpose: values.purpose,
      channel: values.channel,
      destination: values.destination,
      userId: values.userId,
      codeHash: values.codeHash,
      createdAt: values.now,
      sentAt: values.now,
      expiresAt: values.expiresAt,
      registration: values.registration,
    })
    .returning();
  return row!;
}

export async function findCode(db: Executor, id: string): Promise<CodeRow | undefined> {
  const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.id, id));
  return row;
}

/** The newest code still open for this purpose and destination. */
export function findOpenCode(db: Executor, purpose: CodePurpose, destination: string): Promise<CodeRow | undefined> {
  return newestCode(db, purpose, destination, isNull(verificationCodes.voidedAt));
}

/** The newest code of this purpose and destination not yet used that also meets `condition`. */
async function newestCode(db: Executor, purpose: CodePurpose, destination: string, condition: SQL): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.destination, destination),
        isNull(verificationCodes.consumedAt),
        condition,
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * The registration of `destination` still waiting for its code: the newest register row not yet
 * used, started since `since` (older ones are abandoned). Its code may have expired or been
 * voided by wrong tries; a resend brings it back.
 */
export async function findPendingRegistration(db: Executor, destination: string, since: Date): Promise<CodeRow | undefined> {
  const row = await newestCode(db, 'register', destination, gte(verificationCodes.createdAt, since));
  return row?.registration ? row : undefined;
}

/** Older open codes stop working when a new one is sent to the same place. */
export async function voidOpenCodes(db: Executor, purpose: CodePurpose, destination: string, now: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ voidedAt: now })
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.destination, destination),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.voidedAt),
      ),
    );
}

/**
 * Counts one attempt on a code BEFORE it is compared, in one statement, so parallel guesses cannot
 * share a read: only an open (not used, not void, not expired) code with fewer than `maxAttempts`
 * attempts is counted. Returns the count and the hash to compare, or undefined when the attempt
 * may not be judged at all (the caller answers "wrong code").
 */
export async function countCodeAttempt(
  db: Executor,
  id: string,
  maxAttempts: number,
  now: Date,
): Promise<{ attempts: number; codeHash: string } | undefined> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.voidedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ attempts: verificationCodes.attempts, codeHash: verificationCodes.codeHash });
  return row;
}

/** After a wrong attempt: the `maxAttempts`-th wrong one voids the code. */
export async function voidExhaustedCode(db: Executor, id: string, maxAttempts: number, now: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ voidedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.voidedAt), sql`${verificationCodes.attempts} >= ${maxAttempts}`));
}

/**
 * Marks the code used, once: false when someone else used or voided it first, or when it had more
 * than `maxAttempts` attempts counted (a correct guess only counts within the first `maxAttempts`).
 */
export async function consumeCode(db: Executor, id: string, maxAttempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.voidedAt),
        lte(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

export async function replaceCode(db: Executor, id: string, codeHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ codeHash, attempts: 0, voidedAt: null, sentAt: now, expiresAt })
    .where(eq(verificationCodes.id, id));
}

// Sign-in links.
export async function insertSignInLink(
  db: Executor,
  values: { userId: string; tokenHash: string; now: Date; expiresAt: Date; issuedBy: string | null; redirect: string | null },
) {
  const [row] = await db
    .insert(signInLinks)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      createdAt: values.now,
      expiresAt: values.expiresAt,
      issuedBy: values.issuedBy,
      redirect: values.redirect,
    })
    .returning();
  return row!;
}

export async function findSignInLink(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(signInLinks).where(eq(signInLinks.tokenHash, tokenHash));
  return row;
}

export async function markSignInLinkUsed(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.id, id), isNull(signInLinks.usedAt)))
    .returning({ id: signInLinks.id });
  return rows.length === 1;
}

/** Unused links the member asked for stop working (their message's code was used instead). */
export async function retireRequestedLinks(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.userId, userId), isNull(signInLinks.usedAt), isNull(signInLinks.issuedBy)));
}

/** The member's row, locked until the transaction ends: sign-ins of one member count their sessions one after another. */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Some operator's id, or undefined before the first one exists (the first-start seeding asks). */
export async function findAnyOperatorId(db: Executor): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'operator')).limit(1);
  return row?.id;
}

export async function insertOperator(
  db: Executor,
  values: { email: string; displayName: string; passwordHash: string; inviteCode: string },
) {
  const [operator] = await db.insert(users).values({ ...values, role: 'operator' }).returning({ id: users.id });
  return operator!.id;
}
