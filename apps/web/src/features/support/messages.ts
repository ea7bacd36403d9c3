import { defineMessages } from '../../lib/i18n';

/** The support namespace: the member's tickets (/support) and a ticket's thread (/support/$id). */
const en = {
  list: {
    title: 'Support',
    lead: 'Ask us anything about your membership, your wallet or your team. We answer here, and you hear of it in your inbox.',
    mine: 'Your requests',
    emptyTitle: 'No requests yet',
    emptyBody: 'When you write to support, your request and our answers appear here.',
    loadFailed: 'Your requests could not be loaded.',
    more: 'Show older',
    updated: 'Last change',
  },
  status: { open: 'Waiting for support', answered: 'Answered', closed: 'Closed' },
  form: {
    title: 'New request',
    subject: 'Subject',
    subjectHint: 'A few words, e.g. “Recharge not credited”.',
    body: 'Message',
    bodyHint: 'What happened, and any reference or order number. Never send your password.',
    submit: 'Send request',
    sent: 'Request sent. We will answer here.',
  },
  thread: {
    title: 'Request',
    loadFailed: 'This request could not be loaded.',
    you: 'You',
    support: 'Support',
    messages: 'Messages',
    reply: 'Your reply',
    replyHint: 'Support sees it at once.',
    reopenHint: 'This request is closed. Writing opens it again.',
    send: 'Send',
    sent: 'Sent.',
    close: 'Close request',
    closed: 'Request closed. Write here again if you need us.',
    closeFailed: 'The request could not be closed.',
    opened: 'Opened',
  },
} as const;

export const useSupportMessages = defineMessages('support', { en });
export type SupportMessages = typeof en;
