import type { OutgoingMessage } from './outbox/outbox';

/** The texts members receive. Codes and tokens are passed as `secret` so they can be blanked after delivery. */
type Target = { channel: 'email' | 'sms'; destination: string };

export function registrationCodeMessage(appName: string, target: Target, code: string): OutgoingMessage {
  return {
    kind: 'register_code',
    ...target,
    secret: code,
    subject: `${code} is your ${appName} verification code`,
    body:
      target.channel === 'sms'
        ? `${appName}: your verification code is ${code}. It is valid for 10 minutes.`
        : `Welcome to ${appName}!\n\nYour verification code is ${code}\n\nIt is valid for 10 minutes. If you did not try to create an account, ignore this message.`,
  };
}

export function resetCodeMessage(appName: string, target: Target, code: string): OutgoingMessage {
  return {
    kind: 'password_reset_code',
    ...target,
    secret: code,
    subject: `${code} is your ${appName} password reset code`,
    body:
      target.channel === 'sms'
        ? `${appName}: your password reset code is ${code}. It is valid for 10 minutes.`
        : `Your password reset code is ${code}\n\nIt is valid for 10 minutes. If you did not ask to reset your password, ignore this message; your password stays as it is.`,
  };
}

export function noAccountMessage(appName: string, target: Target, baseUrl: string, what: 'reset' | 'link'): OutgoingMessage {
  const asked = what === 'reset' ? 'to reset the password of' : 'for a sign-in link to';
  return {
    kind: what === 'reset' ? 'password_reset_no_account' : 'sign_in_link_no_account',
    ...target,
    subject: `Your ${appName} request`,
    body: `Someone (hopefully you) asked ${asked} an ${appName} account for this address, but no account uses it. If it was you, you can create one at ${baseUrl}/register. Otherwise, ignore this message.`,
  };
}

export function signInLinkMessage(appName: string, target: Target, url: string, token: string, code: string): OutgoingMessage {
  return {
    kind: 'sign_in_link',
    ...target,
    secret: `${token}\n${code}`,
    subject: `Your ${appName} sign-in link`,
    body:
      target.channel === 'sms'
        ? `${appName}: sign in with ${url} or the code ${code} (works once, for 15 minutes).`
        : `Open this link to sign in to ${appName}:\n\n${url}\n\nOr enter this code on the sign-in page: ${code}\n\nThe link and the code work once, for 15 minutes. If you did not ask for them, ignore this message.`,
  };
}

/** Someone registered with an address that already has an account: its owner is told, nobody else learns it. */
export function existingAccountMessage(appName: string, target: Target, baseUrl: string): OutgoingMessage {
  return {
    kind: 'register_existing_account',
    ...target,
    subject: `Your ${appName} account`,
    body: `Someone (hopefully you) tried to register a new ${appName} account with this address, but it already has one. Sign in at ${baseUrl}/ or, if you forgot your password, reset it at ${baseUrl}/forget-password. If it was not you, ignore this message; your account is unchanged.`,
  };
}
