import { defineMessages } from '../../lib/i18n';

/** The console dashboard's namespace. */
const en = {
  title: 'Dashboard',
  asOf: 'Figures as of {{time}}',
  queues: 'Waiting now',
  queueNames: {
    recharges: 'Recharges to review',
    withdrawals: 'Payouts to make',
    referralReviews: 'Referral reviews',
    failedReleases: 'Commission releases failing',
  },
  open: 'Open',
  periods: { today: 'Today (UTC)', last7Days: 'Last 7 days', last30Days: 'Last 30 days' },
  metrics: {
    members: 'New members',
    deposits: 'Deposits',
    purchases: 'Plan purchases',
    refunds: 'Refunds',
    commissions_earned: 'Commissions earned',
    commissions_released: 'Commissions released',
    payouts: 'Payouts',
  },
  count_one: '{{count}} time',
  count_other: '{{count}} times',
  day: 'Day',
  chartMoney: 'Money per day, last 30 days',
  chartMembers: 'New members per day, last 30 days',
  tableCaption: 'Totals by period',
  failed: 'The dashboard could not be loaded.',
};

export const useDashboardMessages = defineMessages('adminDashboard', { en });
export type AdminDashboardMessages = typeof en;
