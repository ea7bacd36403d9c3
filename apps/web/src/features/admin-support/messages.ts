import { defineMessages } from '../../lib/i18n';

/** The console's support queue namespace. */
const en = {
  nav: {
    support: 'Support',
    waiting_one: ', {{count}} waiting for an answer',
    waiting_other: ', {{count}} waiting for an answer',
  },
  queue: {
    title: 'Support',
    intro: 'Members’ requests. Waiting ones come first, the longest waiting at the top. The member sees “Support”, never your name.',
    show: 'Show',
    views: { open: 'Waiting for support', answered: 'Answered', closed: 'Closed', all: 'All' },
    caption: 'Support requests',
    subject: 'Subject',
    member: 'Member',
    status: 'State',
    changed: 'Last change',
    emptyTitle: 'Nothing waits',
    emptyBody: 'When a member writes to support, the request waits here.',
  },
  status: { open: 'Waiting', answered: 'Answered', closed: 'Closed' },
  ticket: {
    back: 'Back to the queue',
    loadFailed: 'This request could not be loaded.',
    from: 'From {{member}}, opened {{when}}',
    member: 'Member',
    support: 'Support',
    messages: 'Messages',
    reply: 'Reply as Support',
    replyHint: 'The member reads it signed in and is told in their inbox (and by email, if they allow it).',
    send: 'Send reply',
    sent: 'Reply sent: the member is told.',
    closedHint: 'Closed: only the member can open it again, by writing.',
    close: 'Close request',
    closed: 'Request closed.',
    closeFailed: 'The request could not be closed.',
  },
};

export const useAdminSupportMessages = defineMessages('adminSupport', { en });
export type AdminSupportMessages = typeof en;
export type AdminSupportT = ReturnType<typeof useAdminSupportMessages>['t'];
