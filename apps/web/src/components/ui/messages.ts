import { defineMessages } from '../../lib/i18n';

/**
 * Words of the shared form kit, sheet and toasts, and the names several features share (help
 * topics, money states): loaded with the pages that use them, never in the first bundle.
 */
const en = {
  form: {
    genericError: 'Something went wrong. Please try again.',
  },
  countdown: {
    units: { days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' },
    days_one: '{{count}}d',
    days_other: '{{count}}d',
  },
  notice: {
    newVersion: 'A new version is available',
    reload: 'Reload',
    stillTrying: 'The connection dropped. Still trying — it will go through only once.',
    maintenance: 'Maintenance: money cannot move for a few minutes (top-ups, purchases, withdrawals). Everything else works.',
  },
  copy: {
    copy: 'Copy',
    label: 'Copy {{label}}',
    copied: '{{label}} copied',
    failed: 'Could not copy. Select the text and copy it by hand.',
  },
  day: { today: 'Today', yesterday: 'Yesterday' },
  languages: {
    untranslated: 'Not translated: shown in English',
    untranslatedHint: 'Only console users see this. Members reading this language see the English text.',
    tabs: 'Language of the texts',
    column: 'Languages',
    missing: 'missing',
    missingIn: 'Missing: {{languages}}',
    complete: 'Every language',
    fallback: 'A field left empty shows members the English text.',
  },
  list: { loadMore: 'Load more', loading: 'Loading…', end: 'That is everything.' },
  filter: { search: 'Search', clear: 'Clear' },
  /** The help centre's topics, for members and the console alike. */
  helpTopics: {
    getting_started: 'Getting started',
    wallet: 'Wallet and recharges',
    plans: 'Plans and coupons',
    team: 'Team and commissions',
    withdrawals: 'Withdrawals',
    account: 'Your account',
  },
  /** The states of a statement's events, of recharge orders and the member accounts, as the wallet and the console name them. */
  money: {
    states: {
      completed: 'Done',
      refunded: 'Refunded',
      pending: 'Pending',
      review: 'Under review',
      available: 'Available',
      reversed: 'Taken back',
      requested: 'Requested',
      processing: 'Processing',
      paid: 'Paid',
      returned: 'Returned',
    },
    orderStates: {
      awaiting_payment: 'Awaiting payment',
      submitted: 'Submitted',
      credited: 'Credited',
      rejected: 'Rejected',
      expired: 'Expired',
      cancelled: 'Cancelled',
    },
    accounts: {
      available: 'Available',
      on_hold: 'On hold',
      commission_pending: 'Pending commissions',
      debt: 'Owed',
    },
  },
  stepUp: {
    title: 'Confirm it is you',
    lead: 'Money actions need your second factor again after five minutes. Enter a code from your authenticator app or a recovery code.',
    code: 'Code',
    confirm: 'Confirm and continue',
    passkey: 'Use a passkey',
    back: 'Back',
  },
} as const;

export const useUiMessages = defineMessages('ui', { en });
export type UiMessages = typeof en;
