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

type DemoOrderStep = When & {
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
  | (When & { kind: 'adjust'; member: string; amount: number; reason: string })
  | (When & { kind: 'buy'; member: string; plan: string; coupon?: string })
  | (When & { kind: 'redeem'; member: string; coupon: string })
  | (When & { kind: 'refund'; member: string; plan: string; reason: string; override?: boolean })
  | (When & { kind: 'bank'; member: string; holderName: string; bankName: string; country: string; number: string; label?: string })
  | (When & {
      kind: 'withdraw';
      member: string;
      amount: number;
      /** 'processing': left pending here, sent on its way by the next 'export' step. */
      outcome: 'pending' | 'processing' | 'paid' | 'rejected' | 'cancelled';
      payoutReference?: string;
      reason?: string;
    })
  /** The operator makes the payout file for the bank: every withdrawal pending then becomes processing. */
  | (When & { kind: 'export' })
  /** The member closes their account (modules/account-closure): their team sees a former member. */
  | (When & { kind: 'close'; member: string });

/** Plans on sale (created when the story begins). Memberships with stated benefits, never a return. */
export interface DemoPlan {
  key: string;
  name: string;
  description: string;
  benefits: string[];
  price: number;
  durationDays: number;
  badge?: string;
  perMemberLimit?: number;
  stock?: number;
  /** The sale ends this many days after the present. */
  saleEndsInDays?: number;
  sortOrder: number;
  /** The same texts in Spanish and Chinese (docs/decisions/0024). */
  translations: Record<'es' | 'zh', { name: string; description: string; benefits: string[]; badge?: string }>;
}

export const DEMO_PLANS: DemoPlan[] = [
  {
    key: 'starter',
    name: 'Starter',
    description: 'Everything you need to get to know the club.',
    benefits: ['Monthly members’ newsletter', 'Support within 2 working days', 'Online member events'],
    price: 2_500,
    durationDays: 30,
    sortOrder: 1,
    translations: {
      es: {
        name: 'Inicial',
        description: 'Todo lo que necesitas para conocer el club.',
        benefits: ['Boletín mensual para miembros', 'Soporte en un plazo de 2 días laborables', 'Eventos en línea para miembros'],
      },
      zh: { name: '入门', description: '了解俱乐部所需的一切。', benefits: ['每月会员通讯', '2 个工作日内客服回复', '线上会员活动'] },
    },
  },
  {
    key: 'plus',
    name: 'Plus',
    description: 'Our most chosen membership: faster help and the in-person events.',
    benefits: ['Priority support within 24 hours', 'In-person member events', 'Early booking for workshops', 'Monthly members’ newsletter'],
    price: 6_000,
    durationDays: 90,
    badge: 'Popular',
    sortOrder: 2,
    translations: {
      es: {
        name: 'Plus',
        description: 'Nuestra membresía más elegida: ayuda más rápida y eventos presenciales.',
        benefits: [
          'Soporte prioritario en menos de 24 horas',
          'Eventos presenciales para miembros',
          'Reserva anticipada de talleres',
          'Boletín mensual para miembros',
        ],
        badge: 'Popular',
      },
      zh: {
        name: 'Plus',
        description: '最受欢迎的会员计划：更快的帮助，还能参加线下活动。',
        benefits: ['24 小时内优先客服支持', '线下会员活动', '工作坊优先预订', '每月会员通讯'],
        badge: '热门',
      },
    },
  },
  {
    key: 'family',
    name: 'Family',
    description: 'Plus for the whole household, up to four people.',
    benefits: ['Up to 4 household members', 'Priority support within 24 hours', 'In-person member events for everyone'],
    price: 12_000,
    durationDays: 180,
    perMemberLimit: 1,
    sortOrder: 3,
    translations: {
      es: {
        name: 'Familia',
        description: 'Plus para todo el hogar, hasta cuatro personas.',
        benefits: ['Hasta 4 miembros del hogar', 'Soporte prioritario en menos de 24 horas', 'Eventos presenciales para todos'],
      },
      zh: {
        name: '家庭',
        description: '全家共享的 Plus 会员，最多四人。',
        benefits: ['最多 4 位家庭成员', '24 小时内优先客服支持', '全家均可参加线下会员活动'],
      },
    },
  },
  {
    key: 'founders',
    name: 'Founders 2026',
    description: 'A year of Plus with a numbered founders’ card, while the run lasts.',
    benefits: ['Everything in Plus for a year', 'Numbered founders’ card', 'Invitation to the annual dinner'],
    price: 20_000,
    durationDays: 365,
    badge: 'Limited',
    perMemberLimit: 1,
    stock: 25,
    saleEndsInDays: 9,
    sortOrder: 4,
    translations: {
      es: {
        name: 'Fundadores 2026',
        description: 'Un año de Plus con una tarjeta de fundador numerada, hasta agotar existencias.',
        benefits: ['Todo lo de Plus durante un año', 'Tarjeta de fundador numerada', 'Invitación a la cena anual'],
        badge: 'Limitado',
      },
      zh: {
        name: '创始会员 2026',
        description: '一年的 Plus 会员，附赠编号创始会员卡，售完即止。',
        benefits: ['一年内享有 Plus 全部权益', '编号创始会员卡', '年度晚宴邀请'],
        badge: '限量',
      },
    },
  },
];

/** Coupons: code, kind and value as the console takes them; dates relative to the present. */
export interface DemoCoupon {
  code: string;
  kind: 'percent_off' | 'amount_off' | 'wallet_credit';
  value: number;
  maxDiscount?: number;
  minSpend?: number;
  plans?: string[];
  startsDaysAgo?: number;
  endsInDays?: number;
  totalCap?: number;
  perMemberCap?: number;
  /** Key of the one member who may use it. */
  assignedTo?: string;
}

export const DEMO_COUPONS: DemoCoupon[] = [
  { code: 'WELCOME10', kind: 'percent_off', value: 10, maxDiscount: 1_000, endsInDays: 30 },
  { code: 'PLUS5', kind: 'amount_off', value: 500, plans: ['plus'], minSpend: 5_000, totalCap: 200 },
  { code: 'THANKYOU2', kind: 'wallet_credit', value: 200, totalCap: 500 },
  { code: 'SPRING15', kind: 'percent_off', value: 15, maxDiscount: 2_000, startsDaysAgo: 40, endsInDays: -10 },
  { code: 'DEMOVIP', kind: 'amount_off', value: 1_500, assignedTo: 'demo', endsInDays: 20 },
];

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
  // Joined, looked around, and closed the account: the demo member's team shows a former member.
  { key: 'ines', email: 'ines@orchard.local', displayName: 'Inés Ortega', referrer: 'demo', daysAgo: 28 },
];

export const DEMO_TIMELINE: DemoStep[] = [
  // Withdrawals: a bank account a month old, one payout paid, one rejected, one cancelled, two sent
  // to the bank in a payout file (processing, the demo member's and Dana's), one waiting.
  {
    kind: 'bank',
    member: 'demo',
    daysAgo: 30,
    holderName: 'Demo Member',
    bankName: 'Commerzbank',
    country: 'DE',
    number: 'DE89370400440532013000',
    label: 'Salary account',
  },
  { kind: 'withdraw', member: 'demo', daysAgo: 20, hour: 3, amount: 8_000, outcome: 'paid', payoutReference: 'PAYOUT-2026-1104-07' },
  {
    kind: 'withdraw',
    member: 'demo',
    daysAgo: 12,
    hour: 4,
    amount: 5_000,
    outcome: 'rejected',
    reason: 'The account holder’s name does not match yours. Add an account in your own name.',
  },
  { kind: 'withdraw', member: 'demo', daysAgo: 6, hour: 2, amount: 3_000, outcome: 'cancelled' },
  { kind: 'withdraw', member: 'demo', daysAgo: 3, hour: 1, amount: 2_500, outcome: 'processing' },
  { kind: 'withdraw', member: 'dana', daysAgo: 3, hour: 2, amount: 4_000, outcome: 'processing' },
  { kind: 'export', daysAgo: 2, hour: 3 },
  { kind: 'close', member: 'ines', daysAgo: 12 },
  { kind: 'withdraw', member: 'demo', daysAgo: 1, hour: 1, amount: 4_000, outcome: 'pending' },
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
  // Memberships: bought from the wallet, commissions to the uplines (7 days pending), one refund.
  { kind: 'order', member: 'bruno', daysAgo: 32, hour: 3, channel: 'bank-transfer', amount: 8_000, outcome: 'credited' },
  { kind: 'order', member: 'chen', daysAgo: 24, hour: 6, channel: 'demo-gateway', amount: 20_000, outcome: 'credited' },
  { kind: 'buy', member: 'demo', plan: 'starter', daysAgo: 35, hour: 9 },
  { kind: 'buy', member: 'amara', plan: 'plus', daysAgo: 30, hour: 8 },
  { kind: 'redeem', member: 'demo', coupon: 'THANKYOU2', daysAgo: 29, hour: 4 },
  { kind: 'buy', member: 'demo', plan: 'plus', coupon: 'WELCOME10', daysAgo: 23, hour: 5 },
  { kind: 'buy', member: 'chen', plan: 'plus', coupon: 'PLUS5', daysAgo: 21, hour: 7 },
  { kind: 'redeem', member: 'demo', coupon: 'SPRING15', daysAgo: 18, hour: 1 },
  { kind: 'buy', member: 'bruno', plan: 'starter', daysAgo: 16, hour: 4 },
  {
    kind: 'refund',
    member: 'bruno',
    plan: 'starter',
    daysAgo: 15,
    hour: 2,
    reason: 'Bought twice by mistake; the member asked for the money back',
  },
  { kind: 'buy', member: 'dana', plan: 'starter', daysAgo: 13, hour: 5 },
  // The demo member's own refund: a plan bought by mistake, the money back the next day (their
  // statement shows the purchase as refunded and the refund as its own line).
  { kind: 'buy', member: 'demo', plan: 'family', daysAgo: 9, hour: 2 },
  {
    kind: 'refund',
    member: 'demo',
    plan: 'family',
    daysAgo: 8,
    hour: 3,
    reason: 'Chose the family plan by mistake; asked for the money back',
  },
  { kind: 'redeem', member: 'demo', coupon: 'PLUS5', daysAgo: 5, hour: 3 },
  // A debt and its settling: Bruno spends the commission Farah's Plus brought him, the operator
  // refunds that Plus past the window with the override, so the commission is taken back from
  // Bruno's wallet as far as it goes and the rest becomes his debt; the commission on Farah's
  // Starter, released later that day, pays part of it first (his statement: "Debt settled").
  { kind: 'buy', member: 'bruno', plan: 'plus', daysAgo: 14, hour: 1 },
  { kind: 'order', member: 'farah', daysAgo: 14, hour: 3, channel: 'bank-transfer', amount: 20_000, outcome: 'credited' },
  { kind: 'buy', member: 'farah', plan: 'plus', daysAgo: 13, hour: 8 },
  { kind: 'buy', member: 'farah', plan: 'starter', daysAgo: 12, hour: 9 },
  { kind: 'buy', member: 'bruno', plan: 'starter', daysAgo: 6, hour: 10 },
  {
    kind: 'refund',
    member: 'farah',
    plan: 'plus',
    daysAgo: 5,
    hour: 4,
    override: true,
    reason: 'The member was charged for Plus while the club was closed for renovation; refunded past the window by decision of the board',
  },
  // A referral review: Gus pays out to the same bank account as Dana, who invited him, so the
  // commissions his purchase brings Dana, Amara and the demo member wait on the operator.
  { kind: 'order', member: 'gus', daysAgo: 12, hour: 2, channel: 'bank-transfer', amount: 5_000, outcome: 'credited' },
  {
    kind: 'bank',
    member: 'dana',
    daysAgo: 11,
    holderName: 'Dana Kowalski',
    bankName: 'mBank',
    country: 'PL',
    number: 'PL61109010140000071219812874',
  },
  {
    kind: 'bank',
    member: 'gus',
    daysAgo: 10,
    holderName: 'Dana Kowalski',
    bankName: 'mBank',
    country: 'PL',
    number: 'PL61109010140000071219812874',
  },
  { kind: 'buy', member: 'gus', plan: 'starter', daysAgo: 6, hour: 3 },
  { kind: 'buy', member: 'chen', plan: 'family', daysAgo: 3, hour: 6 },
  { kind: 'buy', member: 'amara', plan: 'founders', daysAgo: 2, hour: 8 },
  // Now, so these are still open when the server has just started.
  { kind: 'order', member: 'gus', daysAgo: 0, channel: 'bank-transfer', amount: 5_000, outcome: 'awaiting_payment' },
  { kind: 'order', member: 'hana', daysAgo: 0, channel: 'demo-gateway', amount: 2_000, outcome: 'awaiting_payment' },
];
