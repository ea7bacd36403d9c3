import { describe, expect, it } from 'vitest';
import type { UpsertPaymentChannelBody } from '@orchard/shared';
import type { PaymentChannel } from './api';
import { channelChanges } from './channel-changes';
import type { AdminLedgerT } from './messages';

const t = ((key: string) => key) as unknown as AdminLedgerT;
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const channel = {
  code: 'bank',
  kind: 'bank_transfer',
  name: 'Bank transfer',
  instructions: 'Pay to …',
  currency: 'USD',
  minAmount: 1_000,
  maxAmount: 500_000,
  presets: [5_000, 10_000],
  paymentUrlTemplate: null,
  hasWebhookSecret: false,
  enabled: true,
  sortOrder: 0,
} as unknown as PaymentChannel;
const body = (change: Partial<UpsertPaymentChannelBody> = {}): UpsertPaymentChannelBody => ({
  kind: 'bank_transfer',
  name: 'Bank transfer',
  instructions: 'Pay to …',
  paymentUrlTemplate: null,
  minAmount: 1_000,
  maxAmount: 500_000,
  presets: [5_000, 10_000],
  sortOrder: 0,
  enabled: true,
  ...change,
});

describe('a channel edit restated before → after', () => {
  it('names nothing when what members see and may pay is unchanged (instructions and position are saved as they are)', () => {
    expect(channelChanges(channel, body({ instructions: 'New text', sortOrder: 3 }), t, money)).toEqual([]);
  });

  it('restates each changed limit in the currency, the suggested amounts as a list, and the switch in words', () => {
    const changes = channelChanges(channel, body({ minAmount: 1_500, presets: [], enabled: false }), t, money);
    expect(changes).toEqual([
      { field: 'enabled', label: 'channels.status', before: 'channels.enabled', after: 'channels.disabled' },
      { field: 'minAmount', label: 'channels.minAmount', before: '$10.00', after: '$15.00' },
      { field: 'presets', label: 'channels.presets', before: '$50.00, $100.00', after: '—' },
    ]);
  });

  it('restates a new name', () => {
    expect(channelChanges(channel, body({ name: 'Wire' }), t, money)).toEqual([
      { field: 'name', label: 'channels.name', before: 'Bank transfer', after: 'Wire' },
    ]);
  });
});
