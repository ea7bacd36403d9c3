import type { Catalogue } from '../../lib/i18n';
import type { UiMessages } from '../../components/ui/messages';

export const ui: Catalogue<UiMessages> = {
  form: {
    genericError: '出错了，请重试。',
  },
  countdown: {
    units: { days: '天', hours: '时', minutes: '分', seconds: '秒' },
    days_one: '{{count}}天',
    days_other: '{{count}}天',
  },
  notice: {
    newVersion: '有新版本可用',
    reload: '重新加载',
    stillTrying: '连接已中断，正在重试——操作只会执行一次。',
    maintenance: '维护中：几分钟内资金暂停流动（充值、购买、提现），其他功能照常可用。',
  },
  copy: {
    copy: '复制',
    label: '复制{{label}}',
    copied: '{{label}}已复制',
    failed: '无法复制，请选中文字后手动复制。',
  },
  day: { today: '今天', yesterday: '昨天' },
  languages: {
    untranslated: '未翻译：以英文显示',
    untranslatedHint: '仅控制台用户可见。使用此语言的会员会看到英文内容。',
    tabs: '文本语言',
    column: '语言',
    missing: '缺失',
    missingIn: '缺少：{{languages}}',
    complete: '所有语言均已填写',
    fallback: '字段留空时，会员将看到英文内容。',
  },
  list: { loadMore: '加载更多', loading: '加载中…', end: '已全部加载。' },
  filter: { search: '搜索', clear: '清除' },
  /** The help centre's topics, for members and the console alike. */
  helpTopics: {
    getting_started: '新手入门',
    wallet: '钱包和充值',
    plans: '会员计划和优惠券',
    team: '团队和佣金',
    withdrawals: '提现',
    account: '你的账号',
  },
  money: {
    states: {
      completed: '已完成',
      refunded: '已退款',
      pending: '待发放',
      review: '审核中',
      available: '已可用',
      reversed: '已收回',
      requested: '已申请',
      processing: '处理中',
      paid: '已支付',
      returned: '已退回',
    },
    orderStates: {
      awaiting_payment: '待付款',
      submitted: '已提交',
      credited: '已到账',
      rejected: '已拒绝',
      expired: '已过期',
      cancelled: '已取消',
    },
    accounts: {
      available: '可用',
      on_hold: '冻结',
      commission_pending: '待发放佣金',
      debt: '欠款',
    },
  },
  stepUp: {
    title: '确认是你本人',
    lead: '距上次验证超过五分钟后，涉及资金的操作需要再次验证第二因素。请输入身份验证器应用中的验证码或一个恢复码。',
    code: '验证码',
    confirm: '确认并继续',
    passkey: '使用通行密钥',
    back: '返回',
  },
};
