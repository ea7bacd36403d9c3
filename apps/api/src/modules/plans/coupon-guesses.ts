import type { RateLimiter, RateRule } from '../accounts/index';
import { CouponNotApplicableError } from './purchase';

/**
 * Coupon codes are short secrets (an assigned coupon is one member's): typing codes that do not
 * exist is budgeted like wrong passwords, per member and per address, wherever a code is looked
 * up — redeeming it, quoting a plan with it, buying with it. Only misses count (a code that exists,
 * whatever else keeps it from applying, costs nothing); past the budget every lookup of a code is
 * 429 with Retry-After until the window ends. A burst is judged no more than `max` times
 * (RateLimiter.attempt), so parallel guesses cannot slip past the count.
 */
const COUPON_GUESS_RULES = {
  perMember: {
    name: 'coupon-miss-member',
    max: 10,
    windowMs: 15 * 60_000,
    message: 'Too many codes that do not exist were tried. Try again in {wait}.',
  },
  perAddress: {
    name: 'coupon-miss-ip',
    max: 30,
    windowMs: 15 * 60_000,
    message: 'Too many codes that do not exist were tried from your network. Try again in {wait}.',
  },
} satisfies Record<string, RateRule>;

export interface CouponGuesser {
  limiter: RateLimiter;
  userId: string;
  ip: string | null;
}

/**
 * Runs a lookup of a typed code within the guesser's budget: `missed` tells from the result
 * whether the code was one that does not exist (for this member); a CouponNotApplicableError
 * saying `not_found` is a miss too.
 */
export async function withinCouponBudget<T>(
  guesser: CouponGuesser,
  work: () => Promise<T>,
  missed: (result: T) => boolean = () => false,
): Promise<T> {
  const checks: Array<[RateRule, string]> = [[COUPON_GUESS_RULES.perMember, guesser.userId]];
  if (guesser.ip) checks.push([COUPON_GUESS_RULES.perAddress, guesser.ip]);
  const ticket = await guesser.limiter.attempt(checks);
  try {
    const result = await work();
    if (missed(result)) await ticket.failed();
    return result;
  } catch (error) {
    if (error instanceof CouponNotApplicableError && error.reason === 'not_found') await ticket.failed();
    throw error;
  } finally {
    await ticket.succeeded();
  }
}
