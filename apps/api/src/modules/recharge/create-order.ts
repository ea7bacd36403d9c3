import { randomInt } from 'node:crypto';
import type { RechargeOrder } from '@orchard/shared';
import { AppError } from '../../errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { constraintOf, IdempotencyKeyReusedError, sqlStateOf, withTransaction } from '../../ledger/index';
import * as repo from './repository';
import { toMemberOrderView } from './views';

const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "R" + 7 characters without look-alikes: short enough to type into a transfer memo. */
function generateReference(): string {
  let code = 'R';
  for (let i = 0; i < 7; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return code;
}

/**
 * Creates an order. `createKey` (the member's Idempotency-Key) is stored on it, so a create
 * retried with the same key returns the same order even after the HTTP idempotency record expired;
 * the same key with another channel or amount is a 422. Creation is serialized per member (advisory
 * lock) so the open-order cap cannot be overrun by concurrent creates.
 */
export async function createOrder(
  deps: ServiceDeps,
  userId: string,
  input: { channel: string; amount: number },
  createKey?: string,
): Promise<RechargeOrder> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    await repo.lockMemberOrderCreation(tx, userId);
    if (createKey !== undefined) {
      const existing = await repo.findOrderByCreateKey(tx, userId, createKey);
      if (existing) {
        if (existing.channelCode !== input.channel || existing.amount !== input.amount) throw new IdempotencyKeyReusedError();
        return toMemberOrderView(existing, now);
      }
    }
    const channel = await repo.findChannel(tx, input.channel);
    if (!channel || !channel.enabled) {
      throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { channel: 'This payment channel is not available.' });
    }
    // AMOUNT_MAX_MINOR may be below the channel's own maximum: an order that could never be credited is refused now.
    const maxAmount = Math.min(channel.maxAmount, deps.config.AMOUNT_MAX_MINOR);
    if (input.amount < channel.minAmount || input.amount > maxAmount) {
      throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', {
        amount: `Enter an amount from ${channel.minAmount} to ${maxAmount} (minor units).`,
      });
    }
    if ((await repo.countOpenOrders(tx, userId, now)) >= deps.config.RECHARGE_MAX_OPEN_ORDERS) {
      throw new AppError('TOO_MANY_OPEN_ORDERS', 'You have too many open recharge orders. Finish or cancel one first.');
    }
    const expiresAt = new Date(now.getTime() + deps.config.RECHARGE_ORDER_TTL_MINUTES * 60_000);
    for (let attempt = 0; ; attempt++) {
      const reference = generateReference();
      // A savepoint, so a (very unlikely) clash of references does not abort the transaction.
      try {
        const order = await tx.transaction((inner) =>
          repo.insertOrder(inner, {
            userId,
            channelCode: channel.code,
            amount: input.amount,
            currency: deps.config.CURRENCY,
            reference,
            createKey: createKey ?? null,
            status: 'awaiting_payment',
            createdAt: now,
            expiresAt,
          }),
        );
        return toMemberOrderView({ ...order, channel }, now);
      } catch (error) {
        if (attempt < 5 && sqlStateOf(error) === '23505' && constraintOf(error)?.includes('reference')) continue;
        throw error;
      }
    }
  });
}
