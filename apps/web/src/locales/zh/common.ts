import type { Catalogue } from '../../lib/i18n';
import type { CommonMessages } from '../common';

export const common: Catalogue<CommonMessages> = {
  app: {
    tagline: '会员、钱包和邀请，一站搞定。',
    skipToContent: '跳到正文',
    back: '返回',
    loading: '加载中…',
    earnings: '会员的实际收入：来自我们账簿的数字',
  },
  nav: {
    main: '主导航',
    home: '首页',
    plans: '会员计划',
    team: '团队',
    profile: '我的',
    signIn: '登录',
    help: '帮助',
    helpAndSupport: '帮助与客服',
    inbox: '收件箱',
    inboxUnread: '收件箱，{{count}} 条未读',
    about: '关于',
    console: '运营后台',
  },
  language: {
    label: '语言',
  },
  theme: {
    label: '主题',
    light: '浅色',
    dark: '深色',
    system: '跟随系统',
  },
  error: {
    notFoundTitle: '页面不存在',
    serverTitle: '服务器内部错误',
    requestTitle: '出错了',
    notFoundHint: '页面可能已移动，或链接输入有误。',
    otherHint: '我们这边出了点问题，请稍后再试。',
    reference: '支持参考编号：{{id}}',
    status: '错误 {{status}}',
    goHome: '返回首页',
    tryAgain: '重试',
  },
};
