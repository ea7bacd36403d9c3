import type { UpsertPaymentChannelBody } from '@orchard/shared';
import type { SettingChange } from '../../components/ui/changes-sheet';
import type { PaymentChannel } from './api';
import type { AdminLedgerT } from './messages';

/**
 * What saving an existing channel would change of what members see and may pay, in words and in
 * the currency ("Minimum: $10.00 → $15.00"): its name, whether it is open, its limits and its
 * suggested amounts. Instructions, the gateway's address and secret, and its position are saved
 * without being restated.
 */
export function channelChanges(
  channel: PaymentChannel,
  body: UpsertPaymentChannelBody,
  t: AdminLedgerT,
  money: (minor: number) => string,
): SettingChange[] {
  const list = (amounts: readonly number[]) => (amounts.length === 0 ? '—' : amounts.map(money).join(', '));
  const rows: Array<[field: string, label: string, before: string, after: string]> = [
    ['name', t('channels.name'), channel.name, body.name],
    [
      'enabled',
      t('channels.status'),
      t(channel.enabled ? 'channels.enabled' : 'channels.disabled'),
      t(body.enabled ? 'channels.enabled' : 'channels.disabled'),
    ],
    ['minAmount', t('channels.minAmount'), money(channel.minAmount), money(body.minAmount)],
    ['maxAmount', t('channels.maxAmount'), money(channel.maxAmount), money(body.maxAmount)],
    ['presets', t('channels.presets'), list(channel.presets), list(body.presets)],
  ];
  return rows.filter(([, , before, after]) => before !== after).map(([field, label, before, after]) => ({ field, label, before, after }));
}
