/**
 * The demo business as a story over the last six weeks: who joined under whom, and what each
 * member did with their wallet. Amounts are minor units; channels are the demo channels
 * (modules/recharge/demo-channels.ts). The demo member keeps a single open order (submitted), so
 * the member's open-order cap leaves room to try recharging.
 */

export interface DemoTeamMember {
  key: string;
  email: string;
  displayName: string;
  /** Key of the member whose invite they used. */
  referrer: string | null;
  daysAgo: number;
}

type When = { daysAgo: number; hour?: number };

export type DemoOrderStep = When & {
  kind: 'order';
  member: string;
  channel: 'bank-transfer' | 'demo-gateway';
  amount: number;
  payerReference?: string;
} & (
    | { outcome: 'awaiting_payment' | 'expired' | 'cancelled' | 'submitted' }
    | { outcome: 'credited'; note?: string }
    | { outcome: 'rejected'; reason: string }
  );

export type DemoStep =
  | (When & { kind: 'join'; member: DemoTeamMember | { key: string; email: string; displayName: string; referrer: null; daysAgo: number } })
  | DemoOrderStep
  | (When & { kind: 'adjust'; member: string; amount: number; reason: string });

/** Three levels under the demo member: Amara → Dana → Gus is the deepest line. */
export const DEMO_TEAM: DemoTeamMember[] = [
  { key: 'amara', email: 'amara@orchard.local', displayName: 'Amara Okafor', referrer: 'demo', daysAgo: 38 },
  { key: 'bruno', email: 'bruno@orchard.local', displayName: 'Bruno Silva', referrer: 'demo', daysAgo: 33 },
  { key: 'dana', email: 'dana@orchard.local', displayName: 'Dana Kowalski', referrer: 'amara', daysAgo: 30 },
  { key: 'chen', email: 'chen@orchard.local', displayName: 'Chen Wei', referrer: 'demo', daysAgo: 25 },
  { key: 'eli', email: 'eli@orchard.local', displayName: 'Eli Haddad', referrer: 'amara', daysAgo: 20 },
  { key: 'farah', email: 'farah@orchard.local', displayName: 'Farah Nasser', referrer: 'bruno', daysAgo: 18 },
  { key: 'gus', email: 'gus@orchard.local', displayName: 'Gus Lindqvist', referrer: 'dana', daysAgo: 15 },
  { key: 'hana', email: 'hana@orchard.local', displayName: 'Hana Sato', referrer: 'dana', daysAgo: 9 },
];

export const DEMO_TIMELINE: DemoStep[] = [
  {
    kind: 'order',
    member: 'demo',
    daysAgo: 36,
    hour: 2,
    channel: 'bank-transfer',
    amount: 50_000,
    outcome: 'credited',
    payerReference: 'BNK-2041-7781',
  },
  { kind: 'order', member: 'amara', daysAgo: 31, hour: 5, channel: 'bank-transfer', amount: 30_000, outcome: 'credited' },
  {
    kind: 'order',
    member: 'demo',
    daysAgo: 24,
    hour: 1,
    channel: 'demo-gateway',
    amount: 15_000,
    outcome: 'credited',
    note: 'Gateway receipt checked by hand',
  },
  {
    kind: 'order',
    member: 'demo',
    daysAgo: 19,
    hour: 4,
    channel: 'bank-transfer',
    amount: 20_000,
    outcome: 'rejected',
    payerReference: 'BNK-2077-0042',
    reason: 'No transfer with this reference reached our account. Send a photo of your bank receipt to support and we will look again.',
  },
  {
    kind: 'order',
    member: 'bruno',
    daysAgo: 17,
    hour: 6,
    channel: 'bank-transfer',
    amount: 8_000,
    outcome: 'rejected',
    reason: 'The amount received (70.00) does not match the order; the transfer was returned to the sender.',
  },
  { kind: 'order', member: 'dana', daysAgo: 14, hour: 3, channel: 'bank-transfer', amount: 10_000, outcome: 'credited' },
  { kind: 'order', member: 'demo', daysAgo: 12, hour: 7, channel: 'bank-transfer', amount: 5_000, outcome: 'expired' },
  { kind: 'order', member: 'farah', daysAgo: 10, hour: 2, channel: 'demo-gateway', amount: 2_000, outcome: 'expired' },
  { kind: 'order', member: 'chen', daysAgo: 8, hour: 5, channel: 'bank-transfer', amount: 1_000, outcome: 'cancelled' },
  { kind: 'order', member: 'demo', daysAgo: 6, hour: 3, channel: 'bank-transfer', amount: 3_000, outcome: 'cancelled' },
  {
    kind: 'adjust',
    member: 'demo',
    daysAgo: 4,
    hour: 2,
    amount: 2_500,
    reason: 'Goodwill credit for the delayed bank transfer of last month',
  },
  { kind: 'order', member: 'eli', daysAgo: 2, hour: 6, channel: 'bank-transfer', amount: 5_000, outcome: 'submitted' },
  {
    kind: 'order',
    member: 'demo',
    daysAgo: 1,
    hour: 2,
    channel: 'bank-transfer',
    amount: 12_000,
    outcome: 'submitted',
    payerReference: 'BNK-2113-5530',
  },
  // Now, so these are still open when the server has just started.
  { kind: 'order', member: 'gus', daysAgo: 0, channel: 'bank-transfer', amount: 5_000, outcome: 'awaiting_payment' },
  { kind: 'order', member: 'hana', daysAgo: 0, channel: 'demo-gateway', amount: 2_000, outcome: 'awaiting_payment' },
];
