import { randomInt } from 'node:crypto';
import {
  paymentChannelCodeSchema,
  type PaymentWebhookEvent,
  type RechargeOrder,
  type RechargeOrderStatus,
  type UpsertPaymentChannelBody,
} from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import {
  constraintOf,
  IdempotencyKeyReusedError,
  ledgerLimits,
  moneyRefusalOf,
  sqlStateOf,
  withRetries,
  withTransaction,
  type MoneyRefusal,
} from '../../ledger/index';
import { assertMayActOn, assertMayActOnFacts } from '../accounts/index';
import { type ConsoleActor, noteConsoleActionRecorded, recordConsoleAction } from '../audit/index';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import * as repo from './repository';
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "R" + 7 characters without look-alikes: short enough to type into a transfer memo. */
function generateReference(): string {
  let code = 'R';
  for (let i = 0; i < 7; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return code;
}

const orderNotFound = () => notFound('No such recharge order.');

function fillTemplate(template: string, order: repo.OrderRow): string {
  return template
    .replaceAll('{orderId}', encodeURIComponent(order.id))
    .replaceAll('{reference}', encodeURIComponent(order.reference))
    .replaceAll('{amount}', String(order.amount))
    .replaceAll('{currency}', encodeURIComponent(order.currency));
}

/** The status a member should see: an open order past its expiry is expired even before a write marks it. */
function effectiveStatus(order: repo.OrderRow, now: Date): RechargeOrderStatus {
  return order.status === 'awaiting_payment' && order.expiresAt.getTime() <= now.getTime() ? 'expired' : order.status;
}

export function toOrderView(order: repo.OrderWithChannel, now: Date): RechargeOrder {
  return {
    id: order.id,
    reference: order.reference,
    channel: { code: order.channel.code, name: order.channel.name, kind: order.channel.kind },
    amount: order.amount,
    currency: order.currency,
    status: effectiveStatus(order, now),
    payerReference: order.payerReference,
    rejectReason: order.rejectReason,
    instructions: order.channel.instructions,
    paymentUrl:
      order.channel.kind === 'gateway' && order.channel.paymentUrlTemplate ? fillTemplate(order.channel.paymentUrlTemplate, order) : null,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    submittedAt: order.submittedAt?.toISOString() ?? null,
    resolvedAt: order.resolvedAt?.toISOString() ?? null,
    serverTime: now.toISOString(),
  };
}

/**
 * What members see of a channel's name: its kind in plain words. The operator's own name (which
 * may name a provider, an account or a test setup) stays in the console; members tell channels
 * apart by kind and instructions.
 */
export const MEMBER_CHANNEL_NAMES: Record<RechargeOrder['channel']['kind'], string> = {
  bank_transfer: 'Bank transfer',
  gateway: 'Card payment',
};

/** An order as its member sees it (see MEMBER_CHANNEL_NAMES). */
export function toMemberOrderView(order: repo.OrderWithChannel, now: Date): RechargeOrder {
  const view = toOrderView(order, now);
  return { ...view, channel: { ...view.channel, name: MEMBER_CHANNEL_NAMES[view.channel.kind] } };
}

export function toChannelView(channel: repo.ChannelRow, currency: string) {
  return {
    code: channel.code,
    kind: channel.kind,
    name: channel.name,
    instructions: channel.instructions,
    currency,
    minAmount: channel.minAmount,
    maxAmount: channel.maxAmount,
    presets: channel.presets,
  };
}

export function toAdminChannelView(channel: repo.ChannelRow, currency: string) {
  return {
    ...toChannelView(channel, currency),
    paymentUrlTemplate: channel.paymentUrlTemplate,
    hasWebhookSecret: channel.webhookSecret !== null,
    enabled: channel.enabled,
    sortOrder: channel.sortOrder,
    createdAt: channel.createdAt.toISOString(),
    updatedAt: channel.updatedAt.toISOString(),
  };
}

export async function listEnabledChannels(deps: ServiceDeps) {
  return (await repo.listChannels(deps.db, true)).map((channel) => ({
    ...toChannelView(channel, deps.config.CURRENCY),
    name: MEMBER_CHANNEL_NAMES[channel.kind],
  }));
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

export async function listOrders(
  deps: ServiceDeps,
  userId: string,
  query: { status?: RechargeOrderStatus; cursor?: string; limit?: string },
) {
  const now = deps.clock.now();
  const limit = query.limit ? Number(query.limit) : 20;
  const cursor = decodeCursor(query.cursor);
  await repo.expireDueOrders(deps.db, now, userId);
  const rows = await repo.listOrdersOfMember(deps.db, userId, { status: query.status, cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    items: page.map((order) => toMemberOrderView(order, now)),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function getOrder(deps: ServiceDeps, userId: string, id: string): Promise<RechargeOrder> {
  if (!isUuid(id)) throw orderNotFound();
  const order = await repo.findOrder(deps.db, id, { userId });
  if (!order) throw orderNotFound();
  return toMemberOrderView(order, deps.clock.now());
}

/** Loads and locks a member's own order; anyone else's is "not found", never "forbidden". */
async function lockOwnOrder(tx: Tx, userId: string, id: string) {
  if (!isUuid(id)) throw orderNotFound();
  const order = await repo.findOrder(tx, id, { userId, lock: true });
  if (!order) throw orderNotFound();
  return order;
}

const orderExpired = () => new AppError('ORDER_EXPIRED', 'This recharge order has expired. Create a new one.');
const orderClosed = (status: string) => {
  const state = status.replace('_', ' ');
  return new AppError('ORDER_NOT_OPEN', `This recharge order is ${state} and can no longer change.`);
};

export async function submitPayment(deps: ServiceDeps, userId: string, id: string, payerReference: string): Promise<RechargeOrder> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const order = await lockOwnOrder(tx, userId, id);
    const status = effectiveStatus(order, now);
    if (status === 'submitted' && order.payerReference === payerReference) return toMemberOrderView(order, now);
    if (status === 'expired') throw orderExpired();
    if (status !== 'awaiting_payment') throw orderClosed(status);
    const updated = await repo.updateOrder(tx, order.id, { status: 'submitted', payerReference, submittedAt: now });
    return toMemberOrderView({ ...updated, channel: order.channel }, now);
  });
}

export async function cancelOrder(deps: ServiceDeps, userId: string, id: string): Promise<RechargeOrder> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const order = await lockOwnOrder(tx, userId, id);
    const status = effectiveStatus(order, now);
    if (status === 'cancelled') return toMemberOrderView(order, now);
    if (status === 'expired') throw orderExpired();
    if (status !== 'awaiting_payment') throw orderClosed(status);
    const updated = await repo.updateOrder(tx, order.id, { status: 'cancelled', resolvedAt: now });
    return toMemberOrderView({ ...updated, channel: order.channel }, now);
  });
}

/** Statuses from which money may still be credited: the payment may arrive after the countdown. */
const CREDITABLE: RechargeOrderStatus[] = ['awaiting_payment', 'submitted', 'expired'];

const alreadyCredited = () => new AppError('ALREADY_CREDITED', 'This recharge order has already been credited.');

/** recharge_credit's refusals (sql/recharge_credit.sql) as the API's errors; the ledger's own as theirs. */
function creditRefusalError(refusal: MoneyRefusal | undefined): AppError | undefined {
  switch (refusal?.code) {
    case 'RECHARGE_ORDER_NOT_FOUND':
      return orderNotFound();
    case 'ALREADY_CREDITED':
      return alreadyCredited();
    case 'RECHARGE_ORDER_CLOSED':
      return orderClosed(String(refusal.detail.status));
    default:
      return undefined;
  }
}

/**
 * Credits an order: one call of recharge_credit (sql/recharge_credit.sql): one ledger transaction (platform
 * cash → member available) under the ledger key `recharge:<order id>`, so the order is credited
 * at most once even if two paths (operator, webhook) race past every other check, the order marked
 * credited, and its audit row.
 */
async function credit(db: Db | Tx, deps: ServiceDeps, input: Omit<repo.CreditInput, 'at' | 'limits'>) {
  const credited = await repo
    .creditOrder(db, { ...input, at: deps.clock.now(), limits: ledgerLimits(deps.config) })
    .catch((error: unknown) => {
      throw creditRefusalError(moneyRefusalOf(error)) ?? error;
    });
  if (input.actor && !credited.replayed) noteConsoleActionRecorded(input.actor);
  return credited;
}

/**
 * The operator credits an order, at most once. `requestKey` (the Idempotency-Key) is kept on the
 * order: the same request again returns it as a replay; any other credit of a credited order is a 409.
 */
export async function creditOrder(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string,
  requestKey: string,
  note?: string,
): Promise<{ order: RechargeOrder; replayed: boolean }> {
  if (!isUuid(id)) throw orderNotFound();
  // Whose order it is never changes: the check needs no lock. Nobody credits their own order.
  const owner = await repo.findOrderOwner(deps.db, id);
  if (!owner) throw orderNotFound();
  assertMayActOnFacts(actor, 'recharge', owner);
  const { order, replayed } = await withRetries(() =>
    credit(deps.db, deps, { orderId: id, actor, note: note ?? null, paymentReference: null, requestKey }),
  );
  return { order: toOrderView(order, deps.clock.now()), replayed };
}

export async function rejectOrder(deps: ServiceDeps, actor: ConsoleActor, id: string, reason: string): Promise<RechargeOrder> {
  if (!isUuid(id)) throw orderNotFound();
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const order = await repo.findOrder(tx, id, { lock: true });
    if (!order) throw orderNotFound();
    await assertMayActOn(tx, actor, 'recharge', order.userId);
    if (order.status === 'credited' && order.flaggedAt) {
      // A second gateway payment for a credited order: the operator refunded or dismissed it.
      // The order stays credited; the flag closes, with the reason in the audit log.
      const updated = await repo.updateOrder(tx, order.id, { flaggedAt: null });
      await recordConsoleAction(tx, actor, {
        action: 'recharge.flag.resolve',
        subjectType: 'recharge_order',
        subjectId: order.id,
        detail: { reason, reviewNote: order.reviewNote },
        at: now,
      });
      return toOrderView({ ...updated, channel: order.channel }, now);
    }
    if (order.status === 'credited') throw alreadyCredited();
    if (!CREDITABLE.includes(order.status)) throw orderClosed(order.status);
    const updated = await repo.updateOrder(tx, order.id, {
      status: 'rejected',
      rejectReason: reason,
      resolvedAt: now,
      resolvedBy: actor.operatorId,
    });
    await recordConsoleAction(tx, actor, {
      action: 'recharge.reject',
      subjectType: 'recharge_order',
      subjectId: order.id,
      detail: { reason, from: order.status, amount: order.amount },
      at: now,
    });
    return toOrderView({ ...updated, channel: order.channel }, now);
  });
}

export async function listReviews(
  deps: ServiceDeps,
  query: { status?: repo.OperatorOrderFilter['status']; member?: string; cursor?: string; limit?: string },
) {
  const now = deps.clock.now();
  const limit = query.limit ? Number(query.limit) : 20;
  const cursor = decodeCursor(query.cursor);
  const filter: repo.OperatorOrderFilter = { status: query.status ?? 'review', userId: query.member };
  await repo.expireDueOrders(deps.db, now);
  const rows = await repo.listOrdersForReview(deps.db, { cursor, limit: limit + 1, filter });
  const total = await repo.countOrdersForReview(deps.db, filter);
  const page = rows.slice(0, limit);
  return {
    total,
    items: page.map((order) => ({
      ...toOrderView(order, now),
      member: { id: order.member.id, displayName: order.member.displayName, email: order.member.email, phone: order.member.phone },
      reviewNote: order.reviewNote,
    })),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

/**
 * The webhook secret of a gateway channel; 404 for an unknown code or a channel that is not a
 * gateway (bank transfers have no webhook).
 */
export async function webhookSecretOf(deps: Pick<ServiceDeps, 'db'>, code: string): Promise<string> {
  const channel = paymentChannelCodeSchema.safeParse(code).success ? await repo.findChannel(deps.db, code) : undefined;
  if (!channel || channel.kind !== 'gateway' || !channel.webhookSecret) throw notFound('No such payment gateway.');
  return channel.webhookSecret;
}

export type WebhookOutcome = 'credited' | 'duplicate' | 'flagged' | 'ignored';

/**
 * Applies one verified gateway event. The event id is recorded first (primary key), so any
 * number of deliveries of one event queue on that row and all but the first see a duplicate.
 */
export async function applyWebhookEvent(deps: ServiceDeps, channelCode: string, event: PaymentWebhookEvent): Promise<WebhookOutcome> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    if (!(await repo.recordWebhookEvent(tx, channelCode, event.id, now))) return 'duplicate';
    let orderId = event.data.orderId;
    if (!orderId && event.data.reference) orderId = (await repo.findOrderByReference(tx, event.data.reference))?.id;
    const order = orderId ? await repo.findOrder(tx, orderId, { lock: true }) : undefined;
    const settle = async (outcome: WebhookOutcome, detail?: string) => {
      await repo.settleWebhookEvent(tx, channelCode, event.id, order?.id ?? null, detail ? `${outcome}: ${detail}` : outcome);
      return outcome;
    };
    if (!order || order.channelCode !== channelCode) return settle('ignored', 'unknown order');
    if (event.data.reference && event.data.reference !== order.reference) return settle('ignored', 'reference does not match the order');
    if (event.type === 'payment.failed') return settle('ignored', 'payment failed');
    if (order.status === 'credited') {
      const paymentReference = event.data.paymentReference;
      // The same payment again (or one we cannot tell apart) is a duplicate. A payment with another
      // reference is real money a second time: flag it for the operator to refund.
      if (!paymentReference || paymentReference === order.gatewayPaymentReference) return settle('duplicate', 'order already credited');
      const note = `Gateway reported a second payment ${paymentReference} (event ${event.id}) of ${event.data.amount} ${event.data.currency} for an order already credited${
        order.gatewayPaymentReference ? ` with payment ${order.gatewayPaymentReference}` : ''
      }: refund it.`;
      await repo.updateOrder(tx, order.id, { reviewNote: note, flaggedAt: now });
      await repo.insertAudit(tx, {
        actorId: null,
        action: 'recharge.flag.gateway',
        subjectType: 'recharge_order',
        subjectId: order.id,
        detail: {
          note,
          previousStatus: order.status,
          eventId: event.id,
          paymentReference,
          creditedPaymentReference: order.gatewayPaymentReference,
          amount: event.data.amount,
          currency: event.data.currency,
        },
        at: now,
      });
      return settle('flagged', note);
    }

    const mismatch =
      event.data.amount !== order.amount || event.data.currency !== order.currency
        ? `Gateway reported ${event.data.amount} ${event.data.currency}, order is for ${order.amount} ${order.currency} (event ${event.id}).`
        : null;
    if (mismatch || !CREDITABLE.includes(order.status)) {
      const note = mismatch ?? `Gateway reported a payment (event ${event.id}) for a ${order.status} order.`;
      await repo.updateOrder(tx, order.id, {
        reviewNote: note,
        // Money arrived: whatever the order's state (even cancelled or rejected), an operator decides now.
        status: 'submitted',
        submittedAt: order.submittedAt ?? now,
        resolvedAt: null,
        resolvedBy: null,
        rejectReason: null,
        gatewayPaymentReference: event.data.paymentReference ?? null,
      });
      await repo.insertAudit(tx, {
        actorId: null,
        action: 'recharge.flag.gateway',
        subjectType: 'recharge_order',
        subjectId: order.id,
        detail: { note, previousStatus: order.status, previousRejectReason: order.rejectReason },
        at: now,
      });
      return settle('flagged', note);
    }
    await credit(tx, deps, {
      orderId: order.id,
      actor: null,
      note: null,
      paymentReference: event.data.paymentReference ?? null,
      requestKey: null,
    });
    return settle('credited');
  });
}

export async function upsertPaymentChannel(deps: ServiceDeps, actor: ConsoleActor, code: string, body: UpsertPaymentChannelBody) {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const existing = await repo.findChannel(tx, code);
    const webhookSecret = body.webhookSecret ?? existing?.webhookSecret ?? null;
    if (body.kind === 'gateway' && !webhookSecret) {
      throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { webhookSecret: 'A gateway needs a webhook secret.' });
    }
    const row = await repo.upsertChannel(tx, {
      code,
      kind: body.kind,
      name: body.name,
      instructions: body.instructions,
      paymentUrlTemplate: body.paymentUrlTemplate ?? null,
      webhookSecret: body.kind === 'gateway' ? webhookSecret : null,
      minAmount: body.minAmount,
      maxAmount: body.maxAmount,
      presets: body.presets,
      enabled: body.enabled,
      sortOrder: body.sortOrder,
      createdAt: now,
      updatedAt: now,
    });
    await recordConsoleAction(tx, actor, {
      action: existing ? 'payment_channel.update' : 'payment_channel.create',
      subjectType: 'payment_channel',
      subjectId: code,
      detail: { ...body, webhookSecret: body.webhookSecret ? '(changed)' : undefined },
      at: now,
    });
    return { created: !existing, channel: toAdminChannelView(row, deps.config.CURRENCY) };
  });
}

export async function listAllChannels(deps: ServiceDeps) {
  return (await repo.listChannels(deps.db, false)).map((channel) => toAdminChannelView(channel, deps.config.CURRENCY));
}
