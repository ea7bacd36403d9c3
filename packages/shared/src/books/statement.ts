/**
 * A verifiable statement (docs/decisions/0028) and its verifier: the member's ledger lines for a
 * period, each signed by the operator, and the sealed days that open and close it with the Merkle
 * proofs of the member's balances. The verifier needs no server: `npm run verify-statement FILE`
 * and the app's `/verify` page run this same code. It names each thing that does not hold.
 */
import { canonicalJson } from './canonical';
import { leafHash, rootFromProof, type BalanceLeaf, type ProofStep } from './merkle';
import { verifySealSignature, type SealPayload } from './seal';

export const STATEMENT_FORMAT = 'orchard-verifiable-statement/1';

export interface StatementLine {
  line: number;
  entryId: string;
  transactionId: string;
  kind: string;
  createdAt: string;
  accountId: string;
  accountType: string;
  amount: string;
  balanceAfter: string;
  /** The operator's Ed25519 signature of the line (statementLineText), base64url. */
  signature: string;
}

export interface StatementSeal {
  role: 'opening' | 'closing';
  day: string;
  payload: string;
  signature: string;
  publicKey: string;
  /** The member's balances in the seal and their proofs to its Merkle root. */
  balances: { leaf: BalanceLeaf; proof: ProofStep[] }[];
}

export interface VerifiableStatement {
  format: typeof STATEMENT_FORMAT;
  memberId: string;
  generatedAt: string;
  period: { from: string; to: string };
  keyId: string;
  publicKey: string;
  accounts: { accountId: string; type: string; currency: string }[];
  /** What the statement shows as its opening and closing lines (checked against the seals). */
  opening: { accountId: string; balance: string }[];
  closing: { accountId: string; balance: string }[];
  lines: StatementLine[];
  seals: StatementSeal[];
}

/** What a line's signature covers. */
export const statementLineText = (memberId: string, l: Omit<StatementLine, 'line' | 'signature'>) =>
  canonicalJson([
    'orchard-statement-line-v1',
    memberId,
    l.entryId,
    l.transactionId,
    l.kind,
    l.createdAt,
    l.accountId,
    l.accountType,
    l.amount,
    l.balanceAfter,
  ]);

export type StatementProblem =
  | { code: 'format'; detail: string }
  | { code: 'untrusted_key'; keyId: string }
  | { code: 'seal_signature'; day: string }
  | { code: 'seal_other_member'; day: string; accountId: string }
  | { code: 'proof'; day: string; accountId: string; balance: string }
  | { code: 'line_signature'; line: number; entryId: string; createdAt: string; amount: string }
  | { code: 'running'; line: number; entryId: string; createdAt: string; amount: string; balanceAfter: string; expected: string }
  | { code: 'date'; line: number; entryId: string; createdAt: string }
  | { code: 'closing'; accountId: string; day: string; sealed: string; lines: string }
  | { code: 'summary'; accountId: string; which: 'opening' | 'closing'; shown: string; sealed: string };

export interface StatementCheck {
  ok: boolean;
  problems: StatementProblem[];
  lines: number;
  seals: number;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isInteger = (v: unknown): v is string => isText(v) && /^-?\d+$/.test(v);

function shapeProblem(doc: unknown): string | null {
  if (!doc || typeof doc !== 'object') return 'not a JSON object';
  const d = doc as Partial<VerifiableStatement>;
  if (d.format !== STATEMENT_FORMAT) return `format is not ${STATEMENT_FORMAT}`;
  if (!isText(d.memberId) || !isText(d.publicKey) || !Array.isArray(d.lines) || !Array.isArray(d.seals))
    return 'a required field is missing';
  if (!Array.isArray(d.opening) || !Array.isArray(d.closing) || !d.period) return 'a required field is missing';
  for (const l of d.lines)
    if (!l || !isInteger(l.amount) || !isInteger(l.balanceAfter) || !isText(l.createdAt) || !isText(l.signature) || !isText(l.accountId))
      return `line ${String((l as { line?: unknown } | null)?.line ?? '?')} is malformed`;
  for (const s of d.seals)
    if (!s || !isText(s.payload) || !isText(s.signature) || !isText(s.publicKey) || !Array.isArray(s.balances))
      return 'a seal is malformed';
  return null;
}

async function checkSeals(doc: VerifiableStatement, problems: StatementProblem[], sealed: Map<string, Map<string, string>>) {
  for (const seal of doc.seals) {
    if (seal.publicKey !== doc.publicKey) problems.push({ code: 'untrusted_key', keyId: doc.keyId });
    if (!(await verifySealSignature(seal.payload, seal.signature, seal.publicKey))) {
      problems.push({ code: 'seal_signature', day: seal.day });
      continue;
    }
    const payload = JSON.parse(seal.payload) as SealPayload;
    if (payload.day !== seal.day) problems.push({ code: 'seal_signature', day: seal.day });
    const balances = new Map<string, string>();
    for (const { leaf, proof } of seal.balances) {
      if (leaf.ownerId !== doc.memberId) problems.push({ code: 'seal_other_member', day: seal.day, accountId: leaf.accountId });
      else if ((await rootFromProof(await leafHash(leaf), proof)) !== payload.balancesRoot)
        problems.push({ code: 'proof', day: seal.day, accountId: leaf.accountId, balance: leaf.balance });
      else balances.set(leaf.accountId, leaf.balance);
    }
    sealed.set(seal.role, balances);
    sealed.set(`${seal.role}:end`, new Map([['periodEnd', payload.periodEnd]]));
  }
}

/** Checks a statement; `trustedKeys` (base64url public keys, e.g. the published one) pins the key. */
export async function verifyStatement(input: unknown, options: { trustedKeys?: string[] } = {}): Promise<StatementCheck> {
  const shape = shapeProblem(input);
  if (shape) return { ok: false, problems: [{ code: 'format', detail: shape }], lines: 0, seals: 0 };
  const doc = input as VerifiableStatement;
  const problems: StatementProblem[] = [];
  if (options.trustedKeys && !options.trustedKeys.includes(doc.publicKey)) problems.push({ code: 'untrusted_key', keyId: doc.keyId });
  const sealed = new Map<string, Map<string, string>>();
  await checkSeals(doc, problems, sealed);
  const start = sealed.get('opening:end')?.get('periodEnd');
  const end = sealed.get('closing:end')?.get('periodEnd');
  const running = new Map(doc.accounts.map((a) => [a.accountId, BigInt(sealed.get('opening')?.get(a.accountId) ?? '0')]));
  for (const l of doc.lines) {
    const at = { line: l.line, entryId: l.entryId, createdAt: l.createdAt };
    if (!(await verifySealSignature(statementLineText(doc.memberId, l), l.signature, doc.publicKey)))
      problems.push({ code: 'line_signature', ...at, amount: l.amount });
    const time = Date.parse(l.createdAt);
    if (Number.isNaN(time) || (start && time < Date.parse(start)) || (end && time >= Date.parse(end)))
      problems.push({ code: 'date', ...at });
    const expected = (running.get(l.accountId) ?? 0n) + BigInt(l.amount);
    if (expected.toString() !== l.balanceAfter)
      problems.push({ code: 'running', ...at, amount: l.amount, balanceAfter: l.balanceAfter, expected: expected.toString() });
    running.set(l.accountId, BigInt(l.balanceAfter));
  }
  const closingSeal = doc.seals.find((s) => s.role === 'closing');
  for (const [accountId, balance] of running) {
    const sealedClosing = sealed.get('closing')?.get(accountId) ?? '0';
    if (closingSeal && sealedClosing !== balance.toString())
      problems.push({ code: 'closing', accountId, day: closingSeal.day, sealed: sealedClosing, lines: balance.toString() });
  }
  for (const which of ['opening', 'closing'] as const)
    for (const shown of doc[which]) {
      const fromSeal = sealed.get(which)?.get(shown.accountId) ?? '0';
      if (shown.balance !== fromSeal)
        problems.push({ code: 'summary', accountId: shown.accountId, which, shown: shown.balance, sealed: fromSeal });
    }
  return { ok: problems.length === 0, problems, lines: doc.lines.length, seals: doc.seals.length };
}

/** A problem in plain English (the CLI; the web page words them in the reader's language). */
export function describeStatementProblem(p: StatementProblem): string {
  switch (p.code) {
    case 'format':
      return `The file is not a verifiable statement: ${p.detail}.`;
    case 'untrusted_key':
      return `It is signed with key ${p.keyId}, which is not the operator's published key.`;
    case 'seal_signature':
      return `The seal of ${p.day}: its signature does not verify (its contents were changed).`;
    case 'seal_other_member':
      return `The seal of ${p.day} carries account ${p.accountId} of another member.`;
    case 'proof':
      return `The seal of ${p.day}: the proof of account ${p.accountId} (balance ${p.balance}) does not lead to the signed balances root.`;
    case 'line_signature':
      return `Line ${p.line} (entry ${p.entryId}, ${p.createdAt}, amount ${p.amount}): not what the operator signed (its amount, date, account or balance was changed).`;
    case 'running':
      return `Line ${p.line} (entry ${p.entryId}, ${p.createdAt}): amount ${p.amount} and balance after ${p.balanceAfter} do not follow from the line before (expected ${p.expected}).`;
    case 'date':
      return `Line ${p.line} (entry ${p.entryId}): its date ${p.createdAt} is outside the sealed period.`;
    case 'closing':
      return `Account ${p.accountId}: the lines end at ${p.lines}, the seal of ${p.day} says ${p.sealed}.`;
    case 'summary':
      return `Account ${p.accountId}: the ${p.which} balance shown is ${p.shown}, the seal says ${p.sealed}.`;
  }
}
