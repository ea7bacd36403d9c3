import type { Catalogue } from '../../lib/i18n';
import type { SupportMessages } from '../../features/support/messages';

export const support: Catalogue<SupportMessages> = {
  list: {
    title: '客服',
    lead: '关于会员、钱包或团队的任何问题都可以问我们。我们会在这里回复，并通过收件箱通知你。',
    mine: '你的工单',
    emptyTitle: '还没有工单',
    emptyBody: '你给客服留言后，你的工单和我们的回复会显示在这里。',
    loadFailed: '无法加载你的工单。',
    more: '查看更早的',
    updated: '最近更新',
  },
  status: { open: '等待客服', answered: '已回复', closed: '已关闭' },
  form: {
    title: '新工单',
    subject: '主题',
    subjectHint: '简单几个词，例如“充值未到账”。',
    body: '留言',
    bodyHint: '发生了什么，以及相关的参考号或订单号。切勿发送密码。',
    submit: '提交工单',
    sent: '工单已提交。我们会在这里回复。',
  },
  thread: {
    title: '工单',
    loadFailed: '无法加载此工单。',
    you: '你',
    support: '客服',
    messages: '消息',
    reply: '你的回复',
    replyHint: '客服会立即看到。',
    reopenHint: '此工单已关闭。写下回复会重新打开它。',
    send: '发送',
    sent: '已发送。',
    close: '关闭工单',
    closed: '工单已关闭。如需帮助，可在此再次留言。',
    closeFailed: '无法关闭工单。',
    opened: '创建于',
  },
};
