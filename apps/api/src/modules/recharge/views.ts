import type { RechargeOrder, RechargeOrderStatus } from '@orchard/shared';
import type * as repo from './repository';

function fillTemplate(template: string, order: repo.OrderRow): string {
  return template
    .replaceAll('{orderId}', encodeURIComponent(order.id))
    .replaceAll('{reference}', encodeURIComponent(order.reference))
    .replaceAll('{amount}', String(order.amount))
    .replaceAll('{currency}', encodeURIComponent(order.currency));
}

/** The status a member should see: an open order past its expiry is expired even before a write marks it. */
export function effectiveStatus(order: repo.OrderRow, now: Date): RechargeOrderStatus {
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
