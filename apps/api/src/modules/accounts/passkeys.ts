import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import type { AddPasskeyBody, Passkey, PasskeyList, PasskeyOptions, UsePasskeyBody } from '@orchard/shared';
import { sql } from 'drizzle-orm';
import { isIP } from 'node:net';
import type { Db, Tx } from '../../db/client';
import { lockMember } from '../../db/member-lock';
import { rowsOf } from '../../db/rows';
import { AppError, notFound } from '../../errors';
import { withTransaction } from '../../ledger/index';
import { isUuid } from '../../lib/uuid';
import { insertAudit } from '../audit/index';
import type { AccountDeps, RequestContext, StartedSession } from './deps';
import * as repo from './repository';
import { openSession } from './sign-in';
import { markSecondFactor } from './second-factor';
import { STEP_UP_MS } from './sessions';

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): a member adds them on /profile after entering
 * the password again (a stolen session alone cannot plant a way back in), signs in with one, and
 * confirms a withdrawal with one instead of the password. Challenges live in the database
 * (any instance may get the answer), are used once and expire after CHALLENGE_MS. User
 * verification (the device's PIN or biometric) is required every time.
 *
 * Bounds: at most MAX_PASSKEYS per member, counted under the member's lock (a burst of adds
 * stores exactly the cap); a session holds at most CHALLENGES_PER_SESSION live challenges of each
 * purpose; anonymous sign-in challenges are rate-limited per address (rules.ts
 * passkeyOptionsPerIp, a window as long as a challenge lives, so an address never holds more live
 * ones than the rule's max); every issue sweeps expired challenges.
 */

export const CHALLENGE_MS = 5 * 60_000;
export const MAX_PASSKEYS = 10;
/** Live challenges one session keeps per purpose (a double tap, a second tab); older ones are dropped. */
export const CHALLENGES_PER_SESSION = 3;
/** Expired challenges one issue sweeps (the index on expires_at finds them). */
const SWEEP_BATCH = 100;

/** Where passkeys are valid: the relying party id (a domain) and the page origins that may use them. */
export interface RelyingParty {
  id: string;
  origins: string[];
}

/**
 * From the members' address (PUBLIC_URL, else where the server listens; accounts/origin.ts). A
 * passkey belongs to a domain, never an IP address: an address like http://127.0.0.1:3000 makes
 * the relying party `localhost`, used at http://localhost:3000.
 */
export function relyingPartyOf(origin: string): RelyingParty {
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || host === 'localhost') {
    const local = new URL(origin);
    local.hostname = 'localhost';
    return { id: 'localhost', origins: [...new Set([local.origin, url.origin])] };
  }
  return { id: host, origins: [url.origin] };
}

const PASSKEY_FAILED_MESSAGE = 'That passkey could not be used. Try again, or use your password.';
const failed = (status: 400 | 401 | 403 = 401) =>
  status === 401
    ? new AppError('PASSKEY_FAILED', PASSKEY_FAILED_MESSAGE)
    : AppError.withStatus('PASSKEY_FAILED', status, PASSKEY_FAILED_MESSAGE);
const expired = () => new AppError('PASSKEY_CHALLENGE_EXPIRED', 'That took too long. Try again.');
const stepUpRequired = () => new AppError('STEP_UP_REQUIRED', 'Enter your password again to confirm.');
const passkeysLimit = () => new AppError('PASSKEYS_LIMIT', `You have ${MAX_PASSKEYS} passkeys. Remove one first.`);

type Purpose = 'register' | 'sign_in' | 'step_up';

async function issueChallenge(db: Db, purpose: Purpose, challenge: string, now: Date, owner?: { userId: string; sessionId: string }) {
  // Unanswered challenges are swept by whoever issues the next ones.
  await db.execute(sql`delete from webauthn_challenges where id = any(array(
    select id from webauthn_challenges where expires_at <= ${now} limit ${SWEEP_BATCH}))`);
  const insert = (executor: Db | Tx) =>
    rowsOf<{ id: string }>(
      executor,
      sql`insert into webauthn_challenges (purpose, user_id, session_id, challenge, created_at, expires_at)
          values (${purpose}, ${owner?.userId ?? null}, ${owner?.sessionId ?? null}, ${challenge}, ${now}, ${new Date(now.getTime() + CHALLENGE_MS)})
          returning id`,
    );
  if (!owner) return (await insert(db))[0]!.id;
  // A member's own: the session keeps its newest few of this purpose, counted under the member's lock.
  return withTransaction(db, async (tx) => {
    await lockMember(tx, 'passkeys', owner.userId);
    await tx.execute(sql`delete from webauthn_challenges where id = any(array(
      select id from webauthn_challenges where session_id = ${owner.sessionId} and purpose = ${purpose}
       order by created_at desc, id desc offset ${CHALLENGES_PER_SESSION - 1}))`);
    return (await insert(tx))[0]!.id;
  });
}

/** The challenge, used up: a second answer to it finds nothing. */
async function takeChallenge(db: Db, id: string, purpose: Purpose, now: Date, owner?: { userId: string; sessionId: string }) {
  if (!isUuid(id)) throw expired();
  const [row] = await rowsOf<{ challenge: string; expires_at: Date | string }>(
    db,
    sql`delete from webauthn_challenges
         where id = ${id} and purpose = ${purpose}
           and user_id is not distinct from ${owner?.userId ?? null}::uuid and session_id is not distinct from ${owner?.sessionId ?? null}::uuid
        returning challenge, expires_at`,
  );
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) throw expired();
  return row.challenge;
}

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array | Buffer | string;
  sign_count: string | number;
  transports: string[];
  device_type: string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

/** bytea as the drivers return it: a Buffer (pg), a Uint8Array (PGlite), or hex text. */
function bytesOf(value: PasskeyRow['public_key']): Uint8Array<ArrayBuffer> {
  if (typeof value === 'string') return new Uint8Array(Buffer.from(value.replace(/^\\x/, ''), 'hex'));
  return new Uint8Array(value);
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    synced: row.device_type === 'multiDevice',
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

/** A stored passkey as the browser is told of it (to exclude or to allow). */
const descriptorOf = (row: PasskeyRow) => ({ id: row.credential_id, transports: row.transports as WebAuthnCredential['transports'] });

const passkeysOf = (db: Db | Tx, userId: string) =>
  rowsOf<PasskeyRow>(db, sql`select * from passkeys where user_id = ${userId} order by created_at, id`);

export async function listPasskeys(deps: AccountDeps, userId: string): Promise<PasskeyList> {
  return { items: (await passkeysOf(deps.db, userId)).map(toPasskey), max: MAX_PASSKEYS };
}

async function requireSteppedUp(deps: AccountDeps, auth: { userId: string; sessionId: string }) {
  const [row] = await rowsOf<{ ok: boolean }>(
    deps.db,
    sql`select step_up_until > ${deps.clock.now()} as ok from sessions where id = ${auth.sessionId} and user_id = ${auth.userId}`,
  );
  if (!row?.ok) throw stepUpRequired();
}

/** Options to create a passkey: only within five minutes of the password entered again (step-up). */
export async function registrationOptions(
  deps: AccountDeps,
  auth: { userId: string; sessionId: string },
  rp: RelyingParty,
): Promise<PasskeyOptions> {
  await requireSteppedUp(deps, auth);
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw notFound();
  const existing = await passkeysOf(deps.db, auth.userId);
  if (existing.length >= MAX_PASSKEYS) throw passkeysLimit();
  const options = await generateRegistrationOptions({
    rpName: deps.config.APP_NAME,
    rpID: rp.id,
    userName: user.email ?? user.phone ?? user.displayName,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await issueChallenge(deps.db, 'register', options.challenge, deps.clock.now(), auth);
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/** Keeps the new passkey's public key, after checking the browser's answer to our challenge. */
export async function addPasskey(
  deps: AccountDeps,
  auth: { userId: string; sessionId: string },
  body: AddPasskeyBody,
  rp: RelyingParty,
  ip: string | null,
): Promise<Passkey> {
  const now = deps.clock.now();
  const challenge = await takeChallenge(deps.db, body.challengeId, 'register', now, auth);
  const verification = await verifyRegistrationResponse({
    response: body.credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw failed(400);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  // The cap is counted and written under the member's lock: parallel adds count one after another.
  const row = await withTransaction(deps.db, async (tx) => {
    await lockMember(tx, 'passkeys', auth.userId);
    const count = (await passkeysOf(tx, auth.userId)).length;
    if (count >= MAX_PASSKEYS) throw passkeysLimit();
    const name = body.name ?? (count === 0 ? 'Passkey' : `Passkey ${count + 1}`);
    const [added] = await rowsOf<PasskeyRow>(
      tx,
      sql`insert into passkeys (user_id, credential_id, public_key, sign_count, transports, device_type, backed_up, name, created_at)
          select ${auth.userId}, ${credential.id}, ${Buffer.from(credential.publicKey)}, ${credential.counter},
                 ${`{${(credential.transports ?? []).join(',')}}`}::text[], ${credentialDeviceType}, ${credentialBackedUp}, ${name}, ${now}
           where (select count(*) from passkeys where user_id = ${auth.userId}) < ${MAX_PASSKEYS}
          on conflict (credential_id) do nothing
          returning *`,
    );
    if (!added) throw new AppError('CONFLICT', 'This passkey is added already.');
    await insertAudit(tx, {
      actorId: auth.userId,
      action: 'passkey.added',
      subjectType: 'user',
      subjectId: auth.userId,
      ip,
      detail: { passkeyId: added.id, synced: credentialDeviceType === 'multiDevice' },
      at: now,
    });
    return added;
  });
  return toPasskey(row);
}

export async function removePasskey(deps: AccountDeps, userId: string, id: string, ip: string | null): Promise<void> {
  const removed = isUuid(id)
    ? await rowsOf<{ id: string }>(deps.db, sql`delete from passkeys where id = ${id} and user_id = ${userId} returning id`)
    : [];
  if (removed.length === 0) throw notFound('No such passkey.');
  await insertAudit(deps.db, {
    actorId: userId,
    action: 'passkey.removed',
    subjectType: 'user',
    subjectId: userId,
    ip,
    detail: { passkeyId: id },
    at: deps.clock.now(),
  });
}

/**
 * Options to sign in with any passkey of this site (the browser offers the member's own). Anyone
 * may ask, so each address has a budget (429 with Retry-After past it), counted before anything is written.
 */
export async function signInOptions(deps: AccountDeps, rp: RelyingParty, ip: string | null): Promise<PasskeyOptions> {
  if (ip) await deps.limiter.consume([[deps.rules.passkeyOptionsPerIp, ip]]);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  const challengeId = await issueChallenge(deps.db, 'sign_in', options.challenge, deps.clock.now());
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/** Checks an answer against a stored passkey and moves its counter on; PASSKEY_FAILED otherwise. */
async function verifyUse(
  deps: AccountDeps,
  row: PasskeyRow | undefined,
  body: UsePasskeyBody,
  challenge: string,
  rp: RelyingParty,
  status: 401 | 403,
) {
  if (!row) throw failed(status);
  const verification = await verifyAuthenticationResponse({
    response: body.credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: row.credential_id,
      publicKey: bytesOf(row.public_key),
      counter: Number(row.sign_count),
      transports: row.transports as WebAuthnCredential['transports'],
    },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw failed(status);
  return verification.authenticationInfo.newCounter;
}

/** Signs in with a passkey: the same session, audit and checks (frozen accounts) as a password sign-in. */
export async function signInWithPasskey(
  deps: AccountDeps,
  body: UsePasskeyBody,
  context: RequestContext,
  rp: RelyingParty,
): Promise<StartedSession> {
  const now = deps.clock.now();
  const challenge = await takeChallenge(deps.db, body.challengeId, 'sign_in', now);
  const [row] = await rowsOf<PasskeyRow>(deps.db, sql`select * from passkeys where credential_id = ${body.credential.id}`);
  const counter = await verifyUse(deps, row, body, challenge, rp, 401);
  return withTransaction(deps.db, async (tx) => {
    await tx.execute(sql`update passkeys set sign_count = greatest(sign_count, ${counter}), last_used_at = ${now} where id = ${row!.id}`);
    // A passkey with user verification is two factors in one: the session has proved the console's second.
    return openSession(deps, tx, {
      userId: row!.user_id,
      context,
      method: 'passkey',
      detail: { passkeyId: row!.id },
      now,
      secondFactor: true,
    });
  });
}

/** Options to confirm a money movement with one of the member's own passkeys. */
export async function stepUpOptions(
  deps: AccountDeps,
  auth: { userId: string; sessionId: string },
  rp: RelyingParty,
): Promise<PasskeyOptions> {
  const existing = await passkeysOf(deps.db, auth.userId);
  if (existing.length === 0) throw notFound('You have no passkey yet.');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: existing.map(descriptorOf),
  });
  const challengeId = await issueChallenge(deps.db, 'step_up', options.challenge, deps.clock.now(), auth);
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/** The step-up with a passkey of this member's: marks this session for STEP_UP_MS, like the password. */
export async function stepUpWithPasskey(
  deps: AccountDeps,
  auth: { userId: string; sessionId: string },
  body: UsePasskeyBody,
  rp: RelyingParty,
): Promise<{ validUntil: string }> {
  const now = deps.clock.now();
  const challenge = await takeChallenge(deps.db, body.challengeId, 'step_up', now, auth);
  const [row] = await rowsOf<PasskeyRow>(
    deps.db,
    sql`select * from passkeys where credential_id = ${body.credential.id} and user_id = ${auth.userId}`,
  );
  const counter = await verifyUse(deps, row, body, challenge, rp, 403);
  await deps.db.execute(
    sql`update passkeys set sign_count = greatest(sign_count, ${counter}), last_used_at = ${now} where id = ${row!.id}`,
  );
  // A passkey (user verification required) is also the console's second factor (second-factor.ts).
  await markSecondFactor(deps.db, auth, now);
  return { validUntil: new Date(now.getTime() + STEP_UP_MS).toISOString() };
}
