/** The common namespace in English: text the layouts and shared components use. */
export const common = {
  app: {
    tagline: 'Memberships, wallet and invites in one place.',
    skipToContent: 'Skip to content',
    back: 'Back',
    loading: 'Loading…',
    earnings: 'What members really earn: the figures from our books',
  },
  nav: {
    main: 'Main',
    home: 'Home',
    plans: 'Plans',
    team: 'Team',
    profile: 'Profile',
    signIn: 'Sign in',
    help: 'Help',
    helpAndSupport: 'Help and support',
    inbox: 'Inbox',
    inboxUnread: 'Inbox, {{count}} unread',
    about: 'About',
    console: 'Operator console',
  },
  language: {
    label: 'Language',
  },
  theme: {
    label: 'Theme',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
  },
  error: {
    notFoundTitle: 'Page Not Found',
    serverTitle: 'Internal Server Error',
    requestTitle: 'Something went wrong',
    notFoundHint: 'The page may have moved, or the link may be mistyped.',
    otherHint: 'Something went wrong on our side. Try again in a moment.',
    status: 'Error {{status}}',
    goHome: 'Go to home',
    tryAgain: 'Try again',
  },
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
} as const;
export type CommonMessages = typeof common;
