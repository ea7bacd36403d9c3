import type { Language } from '@orchard/shared';
import { translateTemplate as t } from '../../i18n/translate';
import type { OutgoingMessage } from '../accounts/index';

/**
 * The notice a member receives when support replies, in the member's language (their choice,
 * else English): the subject of the ticket and a link to the thread, never the reply itself
 * (the member reads it signed in).
 */
export function supportReplyMessage(
  appName: string,
  target: { channel: 'email' | 'sms'; destination: string },
  subject: string,
  url: string,
  language: Language,
): OutgoingMessage {
  const values = { appName, subject, url };
  return {
    kind: 'support_reply',
    ...target,
    subject: t(language, 'Your {appName} support ticket has a reply: {subject}', values),
    body:
      target.channel === 'sms'
        ? t(language, '{appName}: support replied to "{subject}". Read it at {url}', values)
        : t(language, 'Support replied to your ticket "{subject}".\n\nRead the reply and answer it at {url}', values),
  };
}
