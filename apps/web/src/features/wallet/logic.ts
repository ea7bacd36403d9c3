import type {
  LedgerTransactionType,
  RechargeOrderStatus,
  StatementEntry,
  StatementEvent,
  StatementEventKind,
  StatementEventState,
  WithdrawalStatus,
} from '@orchard/shared';

/** Minor units → the text a money field shows ("12.50"; "12" for 1200 when whole is preferred). */
export function minorToInput(minor: number, fractionDigits: number): string {
  if (fractionDigits === 0) return String(minor);
  const factor = 10 ** fractionDigits;
  const whole = Math.trunc(minor / factor);
  const rest = minor % factor;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(fractionDigits, '0')}`;
}

/**
 * /recharge?amount= (minor units; a plan purchase sends what the wallet is short of), read by the
 * page, not by a validateSearch of the route: a route's search validation is part of the route
 * tree in the first bundle, which has no room to spare (ARCHITECTURE.md rule 8).
 */
export function parseRechargeSearch(search: Record<string, unknown>): { amount?: number } {
  const amount = Number(search.amount);
  return Number.isSafeInteger(amount) && amount > 0 ? { amount } : {};
}

/**
 * An amount asked for in the address (/recharge?amount=, minor units), as the field shows it:
 * raised to the channel's smallest amount (less is refused, and the member still needs at least
 * what was asked), never past its largest.
 */
export function rechargePrefill(amount: number, channel: { minAmount: number; maxAmount: number }, fractionDigits: number): string {
  return minorToInput(Math.min(Math.max(amount, channel.minAmount), channel.maxAmount), fractionDigits);
}

import type { Tone } from '../../components/ui/tone-pill';

export type { Tone };

/** Status → tone (amber / green / red / gray); the pill always adds an icon and a word. */
export function rechargeStatusTone(status: RechargeOrderStatus): Tone {
  switch (status) {
    case 'awaiting_payment':
    case 'submitted':
      return 'pending';
    case 'credited':
      return 'success';
    case 'rejected':
    case 'expired':
      return 'failure';
    case 'cancelled':
      return 'neutral';
  }
}

/** An order the member can still act on (pay, submit, cancel). */
/** A withdrawal's status → tone: waiting amber, paid green, rejected red, cancelled gray. */
export function withdrawalStatusTone(status: WithdrawalStatus): Tone {
  if (status === 'pending' || status === 'processing') return 'pending';
  if (status === 'paid') return 'success';
  if (status === 'rejected') return 'failure';
  return 'neutral';
}

/** An order whose outcome may still change (poll it). */
export function isOrderPending(status: RechargeOrderStatus): boolean {
  return status === 'awaiting_payment' || status === 'submitted';
}

/** Money in for the member (green, "+"), or money out (default colour, "−"); never red. */
export function amountDirection(amount: number): 'in' | 'out' | 'zero' {
  return amount > 0 ? 'in' : amount < 0 ? 'out' : 'zero';
}

/** Event kinds in the order the statement's filter offers them. */
export const STATEMENT_EVENT_KINDS: readonly StatementEventKind[] = [
  'recharge',
  'purchase',
  'commission',
  'withdrawal',
  'refund',
  'coupon_credit',
  'adjustment',
  'debt_settled',
  'reversal',
];

/** A ledger type in an older /trx/log address, read as the event it belongs to. */
const EVENT_OF_TYPE: Partial<Record<LedgerTransactionType, StatementEventKind>> = {
  plan_purchase: 'purchase',
  withdrawal_hold: 'withdrawal',
  withdrawal_paid: 'withdrawal',
  withdrawal_release: 'withdrawal',
  commission_release: 'commission',
  adjustment_credit: 'adjustment',
  adjustment_debit: 'adjustment',
};

/**
 * The statement filters of the address as event kinds: an older ledger type becomes its event
 * (`withdrawal_paid` → `withdrawal`), and a type that does not exist is left out (it would be refused).
 */
export function knownStatementFilters<T extends { type?: string }>(filters: T): T {
  if (filters.type === undefined || (STATEMENT_EVENT_KINDS as readonly string[]).includes(filters.type)) return filters;
  const mapped = EVENT_OF_TYPE[filters.type as LedgerTransactionType];
  if (mapped) return { ...filters, type: mapped };
  const { type: _unknown, ...rest } = filters;
  return rest as T;
}

/** How an event's state reads: settled well, still moving, or undone (the money came back or was taken back). */
export function eventTone(state: StatementEventState): Tone {
  switch (state) {
    case 'requested':
    case 'processing':
    case 'pending':
    case 'review':
      return 'pending';
    case 'paid':
    case 'available':
      return 'success';
    case 'returned':
    case 'reversed':
    case 'refunded':
      return 'neutral';
    default:
      return 'success';
  }
}

/** A state worth a pill on the line: anything but a plain, finished movement. */
export function showsState(event: Pick<StatementEvent, 'state'>): boolean {
  return event.state !== 'completed';
}

/** Undone: the amount is shown struck through, as it no longer counts (a returned withdrawal, a commission taken back). */
export function isUndone(event: Pick<StatementEvent, 'state'>): boolean {
  return event.state === 'returned' || event.state === 'reversed';
}

/** The message key of an event's title: an adjustment says which way it went. */
export function eventTitleKey(
  event: Pick<StatementEvent, 'kind' | 'amount'>,
): `events.${Exclude<StatementEventKind, 'adjustment'>}` | 'events.adjustmentCredit' | 'events.adjustmentDebit' {
  if (event.kind === 'adjustment') return event.amount >= 0 ? 'events.adjustmentCredit' : 'events.adjustmentDebit';
  return `events.${event.kind}`;
}

/**
 * What the line says under its amount: what is held (an open withdrawal), that a commission is not
 * yet available (it adds nothing to the balance yet), or the running available balance.
 */
export function eventFootnote(
  event: Pick<StatementEvent, 'held' | 'state' | 'kind' | 'availableAfter'>,
): { key: 'statement.heldNow' | 'statement.balanceAfter'; amount: number } | { key: 'statement.notYetAvailable'; amount?: undefined } {
  if (event.held > 0) return { key: 'statement.heldNow', amount: event.held };
  if (event.kind === 'commission' && (event.state === 'pending' || event.state === 'review')) return { key: 'statement.notYetAvailable' };
  return { key: 'statement.balanceAfter', amount: event.availableAfter };
}

/** The line's detail from its memo: a withdrawal's memo only repeats its title and state, so it has none. */
export function eventDetail(event: Pick<StatementEvent, 'kind'>, memo: string, title: string): string {
  if (event.kind === 'withdrawal' || !memo) return '';
  return memoDetail(memo, title);
}

/**
 * What a statement line is called. The type names the business action, but commissions need the
 * member's side of it: a team member's purchase credits their pending commissions, its release
 * moves them out of pending, and a refund takes a commission back (only a commission is ever
 * taken back by a refund; the buyer's own refund comes in).
 */
export function statementTitle(
  entry: Pick<StatementEntry, 'type' | 'account' | 'amount'>,
): { key: 'commissionPending' | 'commissionReversed' | 'debtOwed' | 'debtSettled' } | { key: 'type'; type: LedgerTransactionType } {
  // What a member owes after a claw-back: a refund raises it, a later commission settles it.
  if (entry.account === 'debt') return { key: entry.amount < 0 ? 'debtOwed' : 'debtSettled' };
  if (entry.account === 'commission_pending' && entry.type === 'plan_purchase') return { key: 'commissionPending' };
  if (entry.type === 'refund' && entry.amount < 0) return { key: 'commissionReversed' };
  return { key: 'type', type: entry.type };
}

export { serverAlignedDeadline } from '../../lib/server-time';

export interface PaymentDetail {
  label: string;
  value: string;
}

/**
 * A channel's instructions as the operator wrote them: lines of "Label: value" (account holder,
 * bank, IBAN…) become separate details a member can copy one by one; other lines stay prose.
 */
export function splitInstructions(text: string): { details: PaymentDetail[]; notes: string[] } {
  const details: PaymentDetail[] = [];
  const notes: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^([^:]{2,40}):\s+(\S.{0,199})$/.exec(line);
    // A label is a short name ("IBAN", "Account holder"), not the start of a sentence.
    if (match?.[1] && match[2] && match[1].split(/\s+/).length <= 4 && !/[.!?]$/.test(match[1])) {
      details.push({ label: match[1].trim(), value: match[2].trim() });
    } else notes.push(line);
  }
  return { details, notes };
}

/**
 * A memo without the words the row's title already says: "Recharge ABC via Bank" under "Recharge"
 * → "ABC via Bank"; "Plan: Plus" under "Plan purchase" → "Plus" (a label the title holds, before a
 * colon, any language's: "会员计划：Plus" under "购买会员计划" → "Plus"). What is left is the useful part.
 */
export function memoDetail(memo: string, title: string): string {
  const text = memo.trim();
  const lowerTitle = title.toLowerCase();
  if (text.toLowerCase() === lowerTitle) return '';
  const lead = `${lowerTitle} `;
  if (text.toLowerCase().startsWith(lead)) return text.slice(lead.length).trim();
  const labelled = /^([^:：\s][^:：]{0,29}?)\s*[:：]\s*(\S.*)$/s.exec(text);
  if (labelled && lowerTitle.includes(labelled[1]!.trim().toLowerCase())) return labelled[2]!.trim();
  return text;
}

// ---------------------------------------------------------------- bank accounts

/** A name's words, without case or accents: "José  García-López" → josé→jose, garcia, lopez. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether an account holder's name could be the member's own: every word of one is in the other
 * ("Ana García" and "ANA GARCIA LOPEZ" match; "Ana García" and "Luis Pérez" do not). A mismatch
 * only warns: people write their names in more than one way.
 */
export function holderNameMatches(holderName: string, memberName: string): boolean {
  const holder = nameWords(holderName);
  const member = nameWords(memberName);
  if (holder.length === 0 || member.length === 0) return true;
  const within = (some: string[], all: string[]) => some.every((word) => all.includes(word));
  return within(holder, member) || within(member, holder);
}

/** Every country as a choice, by its name in the member's language, in that language's order. */
export function countryOptions(codes: readonly string[], locale: string): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return codes.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
}
