import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../db/client';
import { paymentChannels } from '../../db/schema/index';

/**
 * Demo payment channels (SEED_DEMO): a bank transfer the operator confirms, and a gateway in test
 * mode whose webhook secret is random (set a real one with upsertPaymentChannel). Inserted once;
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
        paymentUrlTemplate:
          'https://pay.demo-gateway.invalid/checkout?order={orderId}&reference={reference}&amount={amount}&currency={currency}',
        webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
        minAmount: 500,
        maxAmount: 500_000,
        presets: [1_000, 5_000, 10_000],
        sortOrder: 1,
      },
    ])
    .onConflictDoNothing();
}
