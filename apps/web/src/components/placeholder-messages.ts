import { defineMessages } from '../lib/i18n';

/** Titles and empty states of pages whose content arrives with a later feature. */
const en = {
  signIn: { title: 'Sign in', body: 'Signing in opens soon. Accounts are being set up for this site.' },
  register: { title: 'Create your account', body: 'Registration opens soon.' },
  verifyCode: { title: 'Enter your code', body: 'Verification codes are not being sent yet.' },
  forgetPassword: { title: 'Forgot your password?', body: 'Password reset opens soon.' },
  resetPassword: { title: 'Choose a new password', body: 'Password reset opens soon.' },
  autoWay: { title: 'Signing you in', body: 'Sign-in links are not available yet.' },
  about: { title: 'About', body: 'About the operator, terms and privacy will be published here.' },
  help: { title: 'Help', body: 'How recharge, plans, invites and withdrawals work will be explained here.' },
  helpCenter: { title: 'Help center', body: 'Questions and answers will be collected here.' },
  userPassword: { title: 'Change password', body: 'Changing your password opens soon.' },
  home: { title: 'Home', body: 'Your wallet, active plan and news will appear here.' },
  plan: { title: 'Plans', body: 'No plans are on sale yet.' },
  planDetail: { title: 'Plan', body: 'This plan is not available yet.' },
  planLog: { title: 'My plans', body: 'You have no plans yet.' },
  profile: { title: 'Profile', body: 'Your account details will appear here.' },
  promotion: { title: 'Promotions', body: 'There are no promotions right now.' },
  coupon: { title: 'Coupons', body: 'You have no coupons yet.' },
  recharge: { title: 'Recharge', body: 'Recharging opens soon.' },
  rechargeConfirm: { title: 'Recharge order', body: 'This order could not be found.' },
  rechargeLog: { title: 'Recharge history', body: 'You have not recharged yet.' },
  teamList: { title: 'My team', body: 'Nobody has joined with your invite yet.' },
  teamLevelTwo: { title: 'Team level 2', body: 'Nobody at level 2 yet.' },
  teamLevelThree: { title: 'Team level 3', body: 'Nobody at level 3 yet.' },
  teamShare: { title: 'Invite friends', body: 'Your invite code and link will appear here.' },
  trxLog: { title: 'Statement', body: 'No transactions yet.' },
  withdraw: { title: 'Withdraw', body: 'Withdrawals open soon.' },
  withdrawBank: { title: 'Bank accounts', body: 'You have not added a bank account yet.' },
  withdrawLog: { title: 'Withdrawal history', body: 'You have not withdrawn yet.' },
  admin: { title: 'Operator console', body: 'Queues, members and reports will appear here.' },
};

export type PlaceholderKey = keyof typeof en;
export const usePlaceholderMessages = defineMessages({ en });
