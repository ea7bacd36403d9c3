/**
 * Rate limits: the rules (`rules.ts`), the limiter that applies them (`limiter.ts`: `consume` for
 * sends, `attempt` for guesses where only failures count), over a store (`store.ts`) kept in the
 * database (`database-store.ts`) or in Redis (`redis-store.ts`).
 */
export { DatabaseRateLimitStore } from './database-store';
export { AttemptTicket, RateLimiter } from './limiter';
export { RedisRateLimitStore } from './redis-store';
export { rateRules, tooManyRequests, type RateRule, type RateRules } from './rules';
export type { RateLimitStore } from './store';
