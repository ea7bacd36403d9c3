import type { Catalogue } from '../../lib/i18n';
import type { AdminDashboardMessages } from '../../features/admin-dashboard/messages';

export const adminDashboard: Catalogue<AdminDashboardMessages> = {
  title: '数据概览',
  asOf: '数据截至{{time}}',
  queues: '当前待办',
  queueNames: { recharges: '待审核充值', withdrawals: '待打款提现', referralReviews: '推荐审核', failedReleases: '佣金发放失败' },
  open: '打开',
  periods: { today: '今天（UTC）', last7Days: '最近 7 天', last30Days: '最近 30 天' },
  metrics: {
    members: '新会员',
    deposits: '充值',
    purchases: '会员计划购买',
    refunds: '退款',
    commissions_earned: '已产生佣金',
    commissions_released: '已发放佣金',
    payouts: '提现打款',
  },
  count_one: '{{count}}次',
  count_other: '{{count}}次',
  day: '日期',
  chartMoney: '每日资金，最近 30 天',
  chartMembers: '每日新会员，最近 30 天',
  tableCaption: '按时段汇总',
  failed: '无法加载数据概览。',
};
