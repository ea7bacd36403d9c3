/**
 * The accounts module's front door: what app.ts, other modules and the demo seeding may use of
 * it (ARCHITECTURE.md, rule 14). Members, sessions, sign-in, rate limits and the account rules a
 * console action follows; everything else in this folder is its own.
 */
export { assertMayActOn, assertMayActOnFacts, isAccountAction } from './account-policy';
export { createDemoMember } from './demo-member';
export { createFirstOperator, emailHasAccount, findAnyOperatorId } from './first-start';
export { maskEmail, maskPhone } from './mask';
export { setOperatorPassword } from './operator-password';
export { linkOrigin } from './origin';
export { enqueueMessage } from './outbox/outbox';
export { passkeyRoutes } from './passkey-routes';
export { accountsPlugin, contextOf } from './plugin';
export { toMe } from './profile';
export { type RateLimiter, type RateRule, tooManyRequests } from './rate-limit/index';
export { findUserById } from './repository';
export { accountRoutes } from './routes';
export {
  clearSessionCookie,
  createSession,
  findLiveSession,
  liveSessionRoles,
  readSessionToken,
  revokeSession,
  revokeSessionsOfUser,
  SESSION_COOKIE,
} from './sessions';
export { clearSecondFactor, enrolConsoleTotp } from './second-factor';
export { sealConsoleSecrets, secondFactorKeys } from './second-factor-keys';
export { totpCodeAt } from './second-factor-codes';
export { secondFactorRoutes } from './second-factor-routes';
export { issueSignInLink } from './sign-in-links';
export { markSteppedUp } from './step-up';
