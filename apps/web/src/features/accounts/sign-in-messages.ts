import { defineMessages } from '../../lib/i18n';

/**
 * Words of the sign-in page and of the form pieces every auth page shares. This namespace is in
 * the first load of `/` (docs/decisions/0004), so it holds only what that page shows; the other
 * account pages use `messages.ts`, which loads with them.
 */
const en = {
  signIn: {
    title: 'Sign in',
    lead: 'Welcome back. Sign in with your email address or phone number.',
    submit: 'Sign in',
    sendLink: 'Email me a sign-in link',
    passkey: 'Sign in with a passkey',
    passkeyCancelled: 'Passkey sign-in was cancelled.',
    passkeyUnavailable: 'This browser cannot use a passkey here. Sign in with your password.',
    or: 'or',
    forgot: 'Forgot password?',
    noAccount: 'New here?',
    register: 'Create an account',
  },
  field: {
    account: 'Email or phone',
    password: 'Password',
  },
  check: {
    accountRequired: 'Enter your email address or phone number.',
    passwordRequired: 'Enter your password.',
  },
} as const;

export const useSignInMessages = defineMessages('signIn', { en });
export type SignInMessages = typeof en;
