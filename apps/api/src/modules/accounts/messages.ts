import type { Language } from '@orchard/shared';
import { translateTemplate as t } from '../../i18n/translate';
import type { OutgoingMessage } from './outbox/outbox';

/**
 * The texts members receive, in the member's language (the account's choice, else the language of
 * the request that caused them; src/i18n). Codes and tokens are passed as `secret` so they can be
 * blanked after delivery.
 */
type Target = { channel: 'email' | 'sms'; destination: string };

export function registrationCodeMessage(appName: string, target: Target, code: string, language: Language): OutgoingMessage {
  const values = { appName, code };
  return {
    kind: 'register_code',
    ...target,
    secret: code,
    subject: t(language, '{code} is your {appName} verification code', values),
    body:
      target.channel === 'sms'
        ? t(language, '{appName}: your verification code is {code}. It is valid for 10 minutes.', values)
        : t(
            language,
            'Welcome to {appName}!\n\nYour verification code is {code}\n\nIt is valid for 10 minutes. If you did not try to create an account, ignore this message.',
            values,
          ),
  };
}

export function resetCodeMessage(appName: string, target: Target, code: string, language: Language): OutgoingMessage {
  const values = { appName, code };
  return {
    kind: 'password_reset_code',
    ...target,
    secret: code,
    subject: t(language, '{code} is your {appName} password reset code', values),
    body:
      target.channel === 'sms'
        ? t(language, '{appName}: your password reset code is {code}. It is valid for 10 minutes.', values)
        : t(
            language,
            'Your password reset code is {code}\n\nIt is valid for 10 minutes. If you did not ask to reset your password, ignore this message; your password stays as it is.',
            values,
          ),
  };
}

export function noAccountMessage(
  appName: string,
  target: Target,
  baseUrl: string,
  what: 'reset' | 'link',
  language: Language,
): OutgoingMessage {
  const values = { appName, baseUrl };
  return {
    kind: what === 'reset' ? 'password_reset_no_account' : 'sign_in_link_no_account',
    ...target,
    subject: t(language, 'Your {appName} request', values),
    body:
      what === 'reset'
        ? t(
            language,
            'Someone (hopefully you) asked to reset the password of an {appName} account for this address, but no account uses it. If it was you, you can create one at {baseUrl}/register. Otherwise, ignore this message.',
            values,
          )
        : t(
            language,
            'Someone (hopefully you) asked for a sign-in link to an {appName} account for this address, but no account uses it. If it was you, you can create one at {baseUrl}/register. Otherwise, ignore this message.',
            values,
          ),
  };
}

export function signInLinkMessage(
  appName: string,
  target: Target,
  url: string,
  token: string,
  code: string,
  language: Language,
): OutgoingMessage {
  const values = { appName, url, code };
  return {
    kind: 'sign_in_link',
    ...target,
    secret: `${token}\n${code}`,
    subject: t(language, 'Your {appName} sign-in link', values),
    body:
      target.channel === 'sms'
        ? t(language, '{appName}: sign in with {url} or the code {code} (works once, for 15 minutes).', values)
        : t(
            language,
            'Open this link to sign in to {appName}:\n\n{url}\n\nOr enter this code on the sign-in page: {code}\n\nThe link and the code work once, for 15 minutes. If you did not ask for them, ignore this message.',
            values,
          ),
  };
}

/** Someone registered with an address that already has an account: its owner is told, nobody else learns it. */
export function existingAccountMessage(appName: string, target: Target, baseUrl: string, language: Language): OutgoingMessage {
  return {
    kind: 'register_existing_account',
    ...target,
    subject: t(language, 'Your {appName} account', { appName }),
    body: t(
      language,
      'Someone (hopefully you) tried to register a new {appName} account with this address, but it already has one. Sign in at {baseUrl}/ or, if you forgot your password, reset it at {baseUrl}/forget-password. If it was not you, ignore this message; your account is unchanged.',
      { appName, baseUrl },
    ),
  };
}
