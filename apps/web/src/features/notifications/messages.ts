import { defineMessages } from '../../lib/i18n';

/** The notifications namespace: the inbox, the email preferences on /profile, the unsubscribe page. */
const en = {
  inbox: {
    title: 'Inbox',
    markAllRead: 'Mark all read',
    markRead: 'Mark read',
    unread: 'Unread',
    loadFailed: 'The inbox could not be loaded.',
    emptyTitle: 'Nothing here yet',
    emptyBody: 'When money moves in your account — a recharge, a purchase, a commission, a withdrawal — you will see it here.',
    more: 'Show older',
    allRead: 'All caught up.',
  },
  kind: {
    recharge_credited: 'Recharge credited: {{amount}}',
    recharge_rejected: 'Recharge not credited: {{amount}}',
    purchase: 'Membership bought: {{detail}} for {{amount}}',
    refund: 'Membership refunded: {{detail}}, {{amount}} back in your wallet',
    commission_pending: 'Commission pending: {{amount}} from level {{detail}}',
    commission_released: 'Commission released: {{amount}} is now available',
    commission_voided: 'Commission voided: {{amount}} (the purchase was refunded)',
    withdrawal_processing: 'Withdrawal sent to the bank: {{amount}}',
    withdrawal_paid: 'Withdrawal paid: {{amount}}',
    withdrawal_returned: 'Withdrawal returned to your wallet: {{amount}}',
    debt: 'A refund left a debt of {{amount}} on your account',
    announcement: '{{detail}}',
    support_reply: 'Support replied: {{detail}}',
  },
  label: {
    recharge_credited: 'Recharge credited',
    recharge_rejected: 'Recharge not credited',
    purchase: 'Membership bought',
    refund: 'Membership refunded',
    commission_pending: 'Commission pending',
    commission_released: 'Commission released',
    commission_voided: 'Commission voided',
    withdrawal_processing: 'Withdrawal sent to the bank',
    withdrawal_paid: 'Withdrawal paid',
    withdrawal_returned: 'Withdrawal returned',
    debt: 'Debt after a refund',
    announcement: 'Important announcements',
    support_reply: 'Support replies',
  },
  preferences: {
    intro: 'Everything always appears in your inbox. Choose what is also sent to you by email.',
    noEmail: 'Your account has no email address, so notifications appear in your inbox only.',
    email: 'Email me about',
    digest: 'A daily digest of what is unread',
    digestHint: 'One email a day, only when something is unread.',
    save: 'Save notification settings',
    saved: 'Notification settings saved.',
    loadFailed: 'The notification settings could not be loaded.',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    body: 'Stop these emails? Everything still appears in your inbox, and you can turn them on again on your profile.',
    confirm: 'Stop these emails',
    done: 'Done: you will no longer get these emails.',
    invalid: 'This unsubscribe link is not valid.',
  },
} as const;

export const useNotificationsMessages = defineMessages('notifications', { en });
export type NotificationsMessages = typeof en;
