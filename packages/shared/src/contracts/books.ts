import { z } from 'zod';

/** Verifiable books (docs/decisions/0028): the operator's public key, the seals, the console's seal action. */
export const booksPublicKeySchema = z.strictObject({
  keyId: z.string(),
  algorithm: z.literal('Ed25519'),
  /** The raw 32-byte Ed25519 public key, base64url. */
  publicKey: z.string(),
});

export const booksKeysSchema = z.strictObject({
  /** The keys that sign the sealed days (the current one first); empty while no key is configured. */
  keys: z.array(booksPublicKeySchema),
});
export type BooksKeys = z.infer<typeof booksKeysSchema>;

export const sealSummarySchema = z.strictObject({
  day: z.iso.date(),
  chainSeq: z.number().int(),
  balancesRoot: z.string(),
  keyId: z.string(),
  sealedAt: z.iso.datetime(),
});

export const booksSealsSchema = z.strictObject({
  /** The key that signs new seals; null when none is configured (nothing is sealed). */
  key: booksPublicKeySchema.nullable(),
  /** The most recent seals, newest first. */
  seals: z.array(sealSummarySchema),
});
export type BooksSeals = z.infer<typeof booksSealsSchema>;

export const sealRunSchema = z.strictObject({
  linked: z.number().int(),
  sealed: z.array(z.iso.date()),
  /** Why it stopped: the next day is not over yet, the chain does not cover it yet, no key … */
  waiting: z.enum(['no_key', 'locked', 'no_ledger', 'day_not_over', 'chain_behind']),
});
export type SealRunResult = z.infer<typeof sealRunSchema>;

/** getVerifiableStatement: the sealed days it covers (defaults: the last 30 sealed days). */
export const verifiableStatementQuerySchema = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type VerifiableStatementQuery = z.infer<typeof verifiableStatementQuerySchema>;

const integerText = z.string().regex(/^-?\d+$/);
const proofStepSchema = z.strictObject({ side: z.enum(['left', 'right']), hash: z.string() });
const balanceLeafSchema = z.strictObject({
  accountId: z.string(),
  ownerId: z.string(),
  type: z.string(),
  currency: z.string(),
  balance: integerText,
});

/** The document `packages/shared/src/books/statement.ts` verifies (its VerifiableStatement). */
export const verifiableStatementSchema = z.strictObject({
  format: z.literal('orchard-verifiable-statement/1'),
  memberId: z.string(),
  generatedAt: z.iso.datetime(),
  period: z.strictObject({ from: z.iso.date(), to: z.iso.date() }),
  keyId: z.string(),
  publicKey: z.string(),
  accounts: z.array(z.strictObject({ accountId: z.string(), type: z.string(), currency: z.string() })),
  opening: z.array(z.strictObject({ accountId: z.string(), balance: integerText })),
  closing: z.array(z.strictObject({ accountId: z.string(), balance: integerText })),
  lines: z.array(
    z.strictObject({
      line: z.number().int(),
      entryId: z.string(),
      transactionId: z.string(),
      kind: z.string(),
      createdAt: z.string(),
      accountId: z.string(),
      accountType: z.string(),
      amount: integerText,
      balanceAfter: integerText,
      signature: z.string(),
    }),
  ),
  seals: z.array(
    z.strictObject({
      role: z.enum(['opening', 'closing']),
      day: z.iso.date(),
      payload: z.string(),
      signature: z.string(),
      publicKey: z.string(),
      balances: z.array(z.strictObject({ leaf: balanceLeafSchema, proof: z.array(proofStepSchema) })),
    }),
  ),
});

/** checkBooksSinceSeal: the incremental integrity check (docs/decisions/0028). */
export const incrementalCheckSchema = z.strictObject({
  ok: z.boolean(),
  since: z.iso.date().nullable(),
  transactions: z.number().int(),
  entries: z.number().int(),
  chain: z.strictObject({
    links: z.number().int(),
    broken: z.strictObject({ seq: z.string().nullable(), txId: z.string(), problem: z.string(), detail: z.string() }).nullable(),
  }),
  sealBreaks: z.array(z.strictObject({ day: z.iso.date(), problem: z.string(), detail: z.string() })),
  accountBreaks: z.array(
    z.strictObject({
      accountId: z.string(),
      closing: z.string(),
      moved: z.string(),
      balanceAfter: z.string().nullable(),
      cached: z.string().nullable(),
    }),
  ),
  unbalanced: z.array(z.strictObject({ transactionId: z.string(), sum: z.string() })),
  ms: z.number().int(),
});
export type IncrementalCheckResult = z.infer<typeof incrementalCheckSchema>;
