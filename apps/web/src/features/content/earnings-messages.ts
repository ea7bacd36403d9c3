import { defineMessages } from '../../lib/i18n';

/** The earnings namespace: /earnings, the earnings disclosure (docs/decisions/0031). */
const en = {
  title: 'What members earn',
  lead: 'Figures computed from our books every day, for every member, including those who earned nothing. Plans are memberships: most members earn little or nothing from commissions, and nobody should join expecting income.',
  computed: 'Computed on {{date}} from the ledger. Amounts in {{currency}}.',
  lastYear: 'Last 12 months',
  allTime: 'All time',
  period: 'Period',
  members: 'Members',
  earners: 'Earned any commission',
  earnersShare: '{{share}} of members',
  belowZero: 'Spent more on plans than they earned',
  aboveZero: 'Earned more than they spent on plans',
  spentTotal: 'Spent on plans (all members)',
  earnedTotal: 'Commissions earned (all members)',
  earnedTitle: 'Commissions earned per member',
  netTitle: 'Commissions earned minus spent on plans, per member',
  group: 'Group',
  everyone: 'All members',
  onlyEarners: 'Members who earned any',
  median: 'Median',
  mean: 'Average',
  p90: '90th percentile',
  p99: '99th percentile',
  levelsTitle: 'By level of the team',
  level: 'Level {{level}}',
  levelEarners: 'Members paid',
  levelTotal: 'Total',
  levelMedian: 'Median per member',
  waiting:
    '{{total}} in commissions to {{members}} members was still in its holding period or under review and is not counted as earned until it is released.',
  chartTitle: 'Where members ended: earned minus spent',
  chartBelow: 'Below zero',
  chartZero: 'Zero',
  chartAbove: 'Above zero',
  chartLabel: '{{below}} members below zero, {{zero}} at zero, {{above}} above zero',
  methodTitle: 'How these figures are made',
  method: {
    counted:
      'Every member account that existed in the period is counted, whether or not it bought a plan or earned anything. Staff and operator accounts are not counted.',
    earned:
      'A commission counts as earned when it was released to the member in the period and has not been taken back since. Commissions still in their holding period or under review are shown apart and not counted; commissions voided or reversed by a refund never count.',
    spent:
      'Spent on plans is what members paid for plans bought in the period and not refunded. Net is earned minus spent, per member. Recharges, withdrawals and coupons are not part of either.',
    percentiles:
      'The median is the middle member; the 90th and 99th percentiles are the amounts that 90 % and 99 % of the group are at or below (the nearest-rank value). Averages are rounded to the nearest cent.',
    published:
      'The figures are computed by the system once a day and published unchanged; the operator can edit the words on this page but not the figures.',
  },
  operatorTitle: 'From the operator',
  notYet: 'The first figures are computed within a day of opening. Please come back tomorrow.',
  failed: 'We could not load the figures.',
  notInvestment: 'Plans are memberships with benefits for a set time. Nothing on this page is a promise of income.',
};

export const useEarningsMessages = defineMessages('earnings', { en });
export type EarningsMessages = typeof en;
