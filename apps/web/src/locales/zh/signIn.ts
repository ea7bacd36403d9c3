import type { Catalogue } from '../../lib/i18n';
import type { SignInMessages } from '../../features/accounts/sign-in-messages';

export const signIn: Catalogue<SignInMessages> = {
  signIn: {
    title: '登录',
    lead: '欢迎回来。请使用邮箱地址或手机号登录。',
    submit: '登录',
    sendLink: '发送登录链接到我的邮箱',
    passkey: '使用通行密钥登录',
    passkeyCancelled: '已取消通行密钥登录。',
    passkeyUnavailable: '此浏览器在这里无法使用通行密钥，请使用密码登录。',
    or: '或',
    forgot: '忘记密码？',
    noAccount: '第一次来？',
    register: '创建账号',
  },
  field: {
    account: '邮箱或手机号',
    password: '密码',
  },
  check: {
    accountRequired: '请输入邮箱地址或手机号。',
    passwordRequired: '请输入密码。',
  },
};
