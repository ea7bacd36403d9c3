import { paymentChannelCodeSchema, type PaymentWebhookEvent } from '@orchard/shared';
import { notFound } from '../../errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { withTransaction } from '../../ledger/index';
import { credit } from './credit-order';
import { CREDITABLE } from './order-rules';
import * as repo from './repository';

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
