import type { Language } from '@orchard/shared';
import type { Me } from '@orchard/shared';
import type { Tx } from '../../db/client';
import type { ServiceDeps } from '../../lib/service-deps';
import type { RateLimiter, RateRules } from './rate-limit';

/**
 * What is recorded, in the action's own transaction, when a session opens and when an account is
 * made: the team's self-referral signals (team/signals.ts), handed to the accounts plugin at
 * registration (app.ts), so that accounts imports nothing of the team.
 */
export interface AccountSignals {
  signedIn(tx: Tx, input: { userId: string; deviceHash: string | null; ip: string | null; at: Date }): Promise<void>;
  registered(tx: Tx, input: { userId: string; referrerId: string | null; at: Date }): Promise<void>;
}

/**
 * What the accounts actions need, passed explicitly (docs/decisions/0006): the common service
 * dependencies, the rate limiter with its rules, and the outbox worker to wake once a transaction
 * that queued a message has committed.
 */
export interface AccountDeps extends ServiceDeps {
  limiter: RateLimiter;
  rules: RateRules;
  outbox: { kick(): void };
  signals: AccountSignals;
}

/** What a request tells an action about where it came from. */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
  /** Origin for links in messages: from configuration only (origin.ts). */
  baseUrl: string;
  /** The language the request asks for (Accept-Language): answers, and messages to an address with no language of its own. */
  language: Language;
  /** The session the request already has, if any (ended when a new one starts). */
  currentSessionId: string | null;
  /** sha256 of the browser's device cookie (sign-in and registration requests). */
  deviceHash?: string | null;
}

export interface StartedSession {
  user: Me;
  token: string;
  expiresAt: Date;
}
