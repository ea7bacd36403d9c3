import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../db/client';
import { paymentChannels } from '../../db/schema/index';
import type { ChannelRow } from './repository';

/** The demo checkout the app serves itself in demo mode (demo-checkout.ts). */
export const DEMO_CHECKOUT_PATH = '/demo-gateway/checkout';
export const DEMO_CHECKOUT_TEMPLATE = `${DEMO_CHECKOUT_PATH}?order={orderId}&reference={reference}&amount={amount}&currency={currency}`;

/** A gateway channel whose payment page is the demo checkout: the only orders the demo checkout pays. */
export function isDemoCheckoutChannel(channel: Pick<ChannelRow, 'kind' | 'paymentUrlTemplate'>): boolean {
  return channel.kind === 'gateway' && (channel.paymentUrlTemplate?.startsWith(`${DEMO_CHECKOUT_PATH}?`) ?? false);
}

/**
 * Demo payment channels (SEED_DEMO): a bank transfer the operator confirms, and a card gateway in
 * test mode whose payment page is the app's own demo checkout, signing its webhooks with a random
 * secret (point the channel at a real gateway, with its secret, with upsertPaymentChannel). Inserted once;
 * an operator's later changes are kept.
 */
export async function seedDemoPaymentChannels(database: DatabaseHandle): Promise<void> {
  await database.db
    .insert(paymentChannels)
    .values([
      {
        code: 'bank-transfer',
        kind: 'bank_transfer',
        name: 'Bank transfer',
        // "Label: value" lines show to members as separate fields, each with its own copy button.
        instructions: [
          'Account holder: Orchard Demo Ltd',
          'Bank: Demo Bank plc',
          'IBAN: GB00 DEMO 0000 0000 0000 00',
          'BIC: DEMOGB00',
          'Transfer the exact amount and write the order reference in the payment memo, then tap "I have paid" and enter your bank\'s transaction reference.',
        ].join('\n'),
        minAmount: 1_000,
        maxAmount: 1_000_000,
        presets: [1_000, 5_000, 10_000, 50_000],
        sortOrder: 0,
      },
      {
        code: 'demo-gateway',
        kind: 'gateway',
        name: 'Card (demo gateway)',
        instructions: 'You will be sent to the payment page. The order is credited as soon as the gateway confirms the payment.',
        paymentUrlTemplate: DEMO_CHECKOUT_TEMPLATE,
        webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
        minAmount: 500,
        maxAmount: 500_000,
        presets: [1_000, 5_000, 10_000],
        sortOrder: 1,
      },
    ])
    .onConflictDoNothing();
}
