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
    reference: 'Reference for support: {{id}}',
    status: 'Error {{status}}',
    goHome: 'Go to home',
    tryAgain: 'Try again',
  },
} as const;
export type CommonMessages = typeof common;
