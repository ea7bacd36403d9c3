import { defineMessages } from '../lib/i18n';

/*
 * Pages whose feature is not built yet. Each says what the page will do, that it is not open
 * yet, and offers the next useful step on a page that works; never an empty list for a feature
 * that does not exist (that reads like a working screen with no data).
 */
const en = {
  about: {
    title: 'About',
    soon: 'Terms and privacy',
    body: 'This page will present the operator and publish the full terms of use and privacy notice.',
  },
  help: {
    title: 'Help',
    soon: 'Guides are being written',
    body: 'This page will explain, step by step, how recharging, plans, invites and withdrawals work.',
  },
  helpCenter: {
    title: 'Help center',
    soon: 'Questions and answers are being collected',
    body: 'This page will answer the questions members ask most, grouped by topic.',
  },
  promotion: {
    title: 'Promotions',
    soon: 'Promotions are not running yet',
    body: 'Offers and bonuses for a limited time will be announced on this page when they start.',
  },
  aboutPage: {
    terms: 'Terms of use',
    privacy: 'Privacy notice',
    termsBody:
      'The full text is being prepared for publication on this page. It will say what the operator provides, what members agree to, and how deposits, plans and withdrawals are handled.',
    privacyBody:
      'The full text is being prepared for publication on this page. It will say which personal data is kept (your email or phone, name and activity), why, for how long, and how to ask for it.',
  },
  next: {
    recharge: 'Top up your wallet',
    home: 'Go to home',
    profile: 'See your invite code',
    statement: 'See your statement',
  },
};

export type PlaceholderKey = Exclude<keyof typeof en, 'next' | 'aboutPage'>;
export const usePlaceholderMessages = defineMessages({ en });
