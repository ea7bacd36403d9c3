/**
 * The Merkle tree of member balances a seal signs (docs/decisions/0028): leaves are the member
 * accounts' closing balances sorted by account id; a proof lets a member check their own leaf
 * against the signed root without seeing anyone else's.
 */
import { canonicalJson } from './canonical';
import { sha256Hex } from './hash';

export interface BalanceLeaf {
  accountId: string;
  ownerId: string;
  type: string;
  currency: string;
  /** The closing balance, decimal minor units. */
  balance: string;
}

/** A sibling on the way up: `left` when it sits to the left of the running hash. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
}

export const leafHash = (leaf: BalanceLeaf) =>
  sha256Hex(`leaf\n${canonicalJson([leaf.accountId, leaf.ownerId, leaf.type, leaf.currency, leaf.balance])}`);
const nodeHash = (left: string, right: string) => sha256Hex(`node\n${left}\n${right}`);
export const EMPTY_ROOT_TEXT = 'empty';

/** Each level of the tree, leaves first; an odd last node is carried up as it is. */
async function levels(leaves: string[]): Promise<string[][]> {
  const all = [leaves];
  let level = leaves;
  while (level.length > 1) {
    const up: Promise<string>[] = [];
    for (let i = 0; i < level.length; i += 2)
      up.push(i + 1 < level.length ? nodeHash(level[i]!, level[i + 1]!) : Promise.resolve(level[i]!));
    level = await Promise.all(up);
    all.push(level);
  }
  return all;
}

export async function merkleRoot(leaves: string[]): Promise<string> {
  if (leaves.length === 0) return sha256Hex(EMPTY_ROOT_TEXT);
  const all = await levels(leaves);
  return all[all.length - 1]![0]!;
}

/** The root and the proofs of the leaves at `indexes`. */
export async function merkleProofs(leaves: string[], indexes: number[]): Promise<{ root: string; proofs: Map<number, ProofStep[]> }> {
  if (leaves.length === 0) return { root: await sha256Hex(EMPTY_ROOT_TEXT), proofs: new Map() };
  const all = await levels(leaves);
  const proofs = new Map<number, ProofStep[]>();
  for (const start of indexes) {
    const steps: ProofStep[] = [];
    let index = start;
    for (const level of all.slice(0, -1)) {
      const sibling = index % 2 === 0 ? index + 1 : index - 1;
      if (sibling < level.length) steps.push({ side: index % 2 === 0 ? 'right' : 'left', hash: level[sibling]! });
      index = Math.floor(index / 2);
    }
    proofs.set(start, steps);
  }
  return { root: all[all.length - 1]![0]!, proofs };
}

/** The root a leaf and its proof lead to. */
export async function rootFromProof(leaf: string, proof: ProofStep[]): Promise<string> {
  let hash = leaf;
  for (const step of proof) hash = step.side === 'left' ? await nodeHash(step.hash, hash) : await nodeHash(hash, step.hash);
  return hash;
}
