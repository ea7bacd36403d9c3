import type { RechargeOrderStatus } from '@orchard/shared';
import type { Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import * as repo from './repository';

/** What several recharge actions share: their refusals, the creditable statuses, the member's own order. */
export const orderNotFound = () => notFound('No such recharge order.');

/** Loads and locks a member's own order; anyone else's is "not found", never "forbidden". */
export async function lockOwnOrder(tx: Tx, userId: string, id: string) {
  if (!isUuid(id)) throw orderNotFound();
  const order = await repo.findOrder(tx, id, { userId, lock: true });
  if (!order) throw orderNotFound();
  return order;
}

export const orderExpired = () => new AppError('ORDER_EXPIRED', 'This recharge order has expired. Create a new one.');
export const orderClosed = (status: string) => {
  const state = status.replace('_', ' ');
  return new AppError('ORDER_NOT_OPEN', `This recharge order is ${state} and can no longer change.`);
};

/** Statuses from which money may still be credited: the payment may arrive after the countdown. */
export const CREDITABLE: RechargeOrderStatus[] = ['awaiting_payment', 'submitted', 'expired'];

export const alreadyCredited = () => new AppError('ALREADY_CREDITED', 'This recharge order has already been credited.');
