import { defineMessages } from '../../lib/i18n';

/** The content namespace: /promotion, /help, /help-center, /about and the /home news. */
const en = {
  home: {
    news: 'News',
    featured: 'Promotion',
    endsIn: 'Ends in',
    ended: 'This promotion has ended',
    details: 'See the details',
  },
  promotion: {
    title: 'Promotions',
    endsIn: 'Ends in',
    ended: 'This promotion has ended',
    endsOn: 'Until {{date}}',
    seePlan: 'See the {{plan}} plan',
    coupon: 'Coupon code',
    emptyTitle: 'No promotions running',
    emptyBody: 'Offers for a limited time appear here when they start. Meanwhile the plans are always on /plan.',
    seePlans: 'See plans',
    failed: 'We could not load the promotions.',
  },
  help: {
    title: 'Help',
    lead: 'How Orchard works, in four steps.',
    recharge: 'Top up your wallet',
    rechargeBody:
      'Open Recharge, choose an amount and a payment channel. Pay with the order reference in the memo; the money reaches your wallet once the payment is matched (card payments at once).',
    buy: 'Buy a plan',
    buyBody:
      'Plans are memberships with their benefits for a set time. Pick one on Plans, add a coupon if you have one, and pay from your wallet. You see the price before you confirm.',
    invite: 'Invite friends',
    inviteBody:
      'Share your invite link or code from Team. When someone in your team buys a plan you receive a commission on what they paid, three levels deep; it waits a holding period before it is added to your balance.',
    withdraw: 'Withdraw',
    withdrawBody:
      'Add a bank account, then ask for an amount on Withdraw and confirm with your password. The fee and what your bank receives are shown before you confirm; the operator pays it out and you see the reference.',
    more: 'More questions? Visit the help center',
    contactSupport: 'Contact support',
  },
  helpCenter: {
    title: 'Help center',
    search: 'Search the help center',
    searchPlaceholder: 'e.g. withdrawal fee',
    submit: 'Search',
    clear: 'Show all',
    category: 'Topic',
    any: 'All topics',
    results_one: '{{count}} answer for “{{q}}”',
    results_other: '{{count}} answers for “{{q}}”',
    noResultsTitle: 'No answer found',
    noResultsBody: 'Try other words, or ask support: the contacts are below.',
    emptyTitle: 'No articles yet',
    emptyBody: 'Answers to common questions appear here. Until then, support is happy to help.',
    contact: 'Contact support',
    email: 'Email',
    phone: 'Phone',
    hours: 'Hours',
    noContacts: 'Support contacts will be published here.',
    writeToUs: 'Write to support in the app',
    failed: 'We could not load the help center.',
  },
  about: {
    title: 'About',
    terms: 'Terms of use',
    privacy: 'Privacy notice',
    about: 'About the operator',
    updated: 'Last updated {{date}} · version {{version}}',
    notPublished: 'Not published yet.',
    failed: 'We could not load this page.',
  },
};

export const useContentMessages = defineMessages('content', { en });
export type ContentMessages = typeof en;
