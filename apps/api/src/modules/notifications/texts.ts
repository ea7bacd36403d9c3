import { createHmac, timingSafeEqual } from 'node:crypto';
import { minorToDecimalString, NOTIFICATION_KINDS, type Language, type NotificationKind } from '@orchard/shared';
import { translateTemplate } from '../../i18n/translate';

/**
 * What each notification says, in the member's language (src/i18n: the es and zh catalogues),
 * money through Intl; and the signed token of the one-click unsubscribe link (RFC 8058).
 */
const TITLES: Record<NotificationKind, string> = {
  recharge_credited: 'Recharge credited: {amount}',
  recharge_rejected: 'Recharge not credited: {amount}',
  purchase: 'Membership bought: {detail} for {amount}',
  refund: 'Membership refunded: {detail}, {amount} back in your wallet',
  commission_pending: 'Commission pending: {amount} from level {detail}',
  commission_released: 'Commission released: {amount} is now available',
  commission_voided: 'Commission voided: {amount} (the purchase was refunded)',
  withdrawal_processing: 'Withdrawal sent to the bank: {amount}',
  withdrawal_paid: 'Withdrawal paid: {amount}',
  withdrawal_returned: 'Withdrawal returned to your wallet: {amount}',
  debt: 'A refund left a debt of {amount} on your account',
  announcement: 'Announcement: {detail}',
  support_reply: 'Support replied to your ticket: {detail}',
};

function localeOf(language: Language): string {
  return language === 'en' ? 'en-US' : language === 'zh' ? 'zh-CN' : language;
}

/** Integer minor units in the currency, in the member's language. */
function formatAmount(minor: number, currency: string, language: Language): string {
  const format = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
  return format.format(minorToDecimalString(minor, format.resolvedOptions().maximumFractionDigits ?? 2) as unknown as number);
}

export interface NotificationFacts {
  kind: NotificationKind;
  amount: string | number | null;
  currency: string | null;
  detail: string | null;
}

/** One line for a notification, in `language`. */
export function notificationLine(facts: NotificationFacts, language: Language): string {
  const amount = facts.amount !== null && facts.currency ? formatAmount(Number(facts.amount), facts.currency, language) : '';
  return translateTemplate(language, TITLES[facts.kind], { amount, detail: facts.detail ?? '' });
}

export type UnsubscribeTarget = NotificationKind | 'digest';
const TARGETS = new Set<string>([...NOTIFICATION_KINDS, 'digest']);

function signature(key: string, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);
}

/** `<member>.<kind>.<signature>`: turns off one kind of email (or the digest) for one member, without signing in. */
export function unsubscribeToken(key: string, userId: string, target: UnsubscribeTarget): string {
  const payload = `${userId}.${target}`;
  return `${payload}.${signature(key, payload)}`;
}

/** The member and kind of a token, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(key: string, token: string): { userId: string; target: UnsubscribeTarget } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, target, given] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/.test(userId) || !TARGETS.has(target)) return null;
  const expected = Buffer.from(signature(key, `${userId}.${target}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId, target: target as UnsubscribeTarget };
}
