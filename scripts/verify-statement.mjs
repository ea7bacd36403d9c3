// `npm run verify-statement FILE [--key PUBLIC_KEY | --key-url URL]`: checks a verifiable statement
// (docs/decisions/0028) without the server: the seals' signatures, the Merkle proofs of the
// member's balances, each line's signature, running balances and dates. With --key (the base64url
// key the operator publishes at /.well-known/orchard-books.json) or --key-url, the statement must
// be signed by that key. Exit code 0: it holds; 1: something is wrong (each problem printed); 2: unreadable.
import { readFileSync } from 'node:fs';
import { describeStatementProblem, verifyStatement } from '@orchard/shared/books';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const key = option('--key');
const keyUrl = option('--key-url');
const [file] = args;
if (!file) {
  console.error('Usage: npm run verify-statement FILE [--key PUBLIC_KEY | --key-url URL]');
  process.exit(2);
}
let document;
try {
  document = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
let trustedKeys;
if (key) trustedKeys = [key];
if (keyUrl) trustedKeys = (await (await fetch(keyUrl)).json()).keys.map((k) => k.publicKey);
const check = await verifyStatement(document, { trustedKeys });
if (check.ok) {
  console.log(
    `OK: ${check.lines} line(s) and ${check.seals} seal(s) verified, signed by key ${document.keyId}${trustedKeys ? ' (the trusted key)' : " (compare it with the operator's published key)"}.`,
  );
  process.exit(0);
}
console.log(`NOT VALID: ${check.problems.length} problem(s)`);
for (const problem of check.problems) console.log(`  - ${describeStatementProblem(problem)}`);
process.exit(1);
