import type { Catalogue } from '../../lib/i18n';
import type { AdminSupportMessages } from '../../features/admin-support/messages';

export const adminSupport: Catalogue<AdminSupportMessages> = {
  nav: {
    support: '客服',
    waiting_one: '，{{count}} 个等待回复',
    waiting_other: '，{{count}} 个等待回复',
  },
  queue: {
    title: '客服',
    intro: '会员的工单。等待中的排在前面，等待最久的在最上方。会员看到的是“客服”，不会看到你的名字。',
    show: '显示',
    views: { open: '等待客服', answered: '已回复', closed: '已关闭', all: '全部' },
    caption: '客服工单',
    subject: '主题',
    member: '会员',
    status: '状态',
    changed: '最近更新',
    emptyTitle: '没有等待中的工单',
    emptyBody: '会员给客服留言后，工单会在这里等待处理。',
  },
  status: { open: '等待中', answered: '已回复', closed: '已关闭' },
  ticket: {
    back: '返回队列',
    loadFailed: '无法加载此工单。',
    from: '来自 {{member}}，创建于 {{when}}',
    member: '会员',
    support: '客服',
    messages: '消息',
    reply: '以客服身份回复',
    replyHint: '会员登录后即可阅读，并会在收件箱中收到通知（如允许，也会收到邮件）。',
    send: '发送回复',
    sent: '回复已发送：已通知会员。',
    closedHint: '已关闭：只有会员可以通过留言重新打开。',
    close: '关闭工单',
    closed: '工单已关闭。',
    closeFailed: '无法关闭工单。',
  },
};
