import { useState } from 'react';
import {
  ArrowDownLeft,
  CheckCircle2,
  CircleDollarSign,
  Clock,
  Gift,
  HandCoins,
  Hourglass,
  Landmark,
  Lock,
  RotateCcw,
  Scale,
  ShoppingBag,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import type { StatementEntry, StatementEvent, StatementEventKind, StatementEventState } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { ConfirmSheet, preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { RelativeTime } from '../../components/ui/relative-time';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useUiMessages } from '../../components/ui/messages';
import { translateApiText } from '../../lib/language';
import { SignedAmount, TonePill } from './components';
import { eventDetail, eventFootnote, eventTitleKey, eventTone, isUndone, showsState, statementTitle } from './logic';
import { useWalletMessages } from './messages';

const KIND_ICONS: Record<StatementEventKind, LucideIcon> = {
  recharge: ArrowDownLeft,
  purchase: ShoppingBag,
  commission: HandCoins,
  withdrawal: Landmark,
  adjustment: CircleDollarSign,
  refund: Undo2,
  coupon_credit: Gift,
  debt_settled: Scale,
  reversal: RotateCcw,
};

const STATE_ICONS: Record<StatementEventState, LucideIcon> = {
  completed: CheckCircle2,
  refunded: Undo2,
  pending: Hourglass,
  review: Clock,
  available: CheckCircle2,
  reversed: RotateCcw,
  requested: Lock,
  processing: Clock,
  paid: CheckCircle2,
  returned: Undo2,
};

/** An event's state as a pill: icon, word and colour. */
function EventStatePill({ state }: { state: StatementEventState }) {
  const { t } = useUiMessages();
  return <TonePill tone={eventTone(state)} icon={STATE_ICONS[state]} label={t(`money.states.${state}`)} status={state} />;
}

function KindIcon({ event }: { event: StatementEvent }) {
  const Icon = KIND_ICONS[event.kind] ?? ArrowDownLeft;
  const isIn = event.amount > 0 && !isUndone(event);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-10 shrink-0 place-items-center rounded-full',
        isIn
          ? 'bg-green-50 text-green-700 dark:bg-green-950 dark:text-green-400'
          : 'bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300',
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}

/** The event's amount: struck through once undone, muted while a commission is not yet available. */
function EventAmount({ event, className }: { event: StatementEvent; className?: string }) {
  const muted = isUndone(event) || (event.kind === 'commission' && (event.state === 'pending' || event.state === 'review'));
  return (
    <SignedAmount
      amount={event.amount}
      className={cn(muted && 'text-gray-500 dark:text-gray-400', isUndone(event) && 'line-through', className)}
    />
  );
}

/**
 * One statement line per money event: what it was and when, its state when it is not simply done,
 * the amount signed from the member's side and the available balance after it. Tapping it opens
 * the event's detail sheet.
 */
export function EventRow({ event }: { event: StatementEvent }) {
  const { t } = useWalletMessages();
  const [open, setOpen] = useState(false);
  const title = t(eventTitleKey(event));
  const memo = event.memo ? translateApiText(event.memo) : '';
  const detail = eventDetail(event, memo, title);
  const footnote = eventFootnote(event);
  return (
    <>
      <button
        type="button"
        className="flex w-full items-center gap-3 py-3 text-left"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadConfirmSheet}
        data-event={event.id}
        aria-haspopup="dialog"
      >
        <KindIcon event={event} />
        <div className="flex min-w-0 flex-1 flex-col items-start gap-0.5">
          <span className="flex max-w-full min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <span data-statement-title className="min-w-0 truncate text-sm font-medium text-gray-900 dark:text-gray-100">
              {title}
            </span>
            {showsState(event) ? <EventStatePill state={event.state} /> : null}
          </span>
          <span className="flex max-w-full min-w-0 flex-wrap items-baseline gap-x-1 text-xs text-gray-600 dark:text-gray-400">
            <RelativeTime value={event.occurredAt} />
            {detail ? (
              <>
                <span aria-hidden="true">·</span>
                <span className="min-w-0 [overflow-wrap:anywhere]">{detail}</span>
              </>
            ) : null}
          </span>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-0.5">
          <EventAmount event={event} />
          <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
            {footnote.amount === undefined ? t(footnote.key) : t(footnote.key, { amount: formatMoney(footnote.amount) })}
          </span>
        </div>
      </button>
      <EventSheet event={event} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** The name of an entry's line in the sheet: what moved, on which account. */
function EntryLine({ entry }: { entry: StatementEntry }) {
  const { t } = useWalletMessages();
  const { t: common } = useUiMessages();
  const naming = statementTitle(entry);
  const label = naming.key === 'type' ? t(`types.${naming.type}`) : t(`statement.${naming.key}`);
  const balance = entry.account === 'debt' ? Math.abs(entry.balanceAfter) : entry.balanceAfter;
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="flex min-w-0 flex-col">
        <span className="text-sm text-gray-900 dark:text-gray-100">{label}</span>
        <span className="text-xs text-gray-600 dark:text-gray-400">
          {common(`money.accounts.${entry.account}`)} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </span>
      </div>
      <div className="flex shrink-0 flex-col items-end">
        <SignedAmount amount={entry.amount} className="text-sm" />
        <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
          {t('sheet.accountAfter', { amount: formatMoney(balance) })}
        </span>
      </div>
    </li>
  );
}

/** What happened, when, its reference, its steps and the ledger entries behind it. */
function EventSheet({ event, open, onOpenChange }: { event: StatementEvent; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useWalletMessages();
  const memo = event.memo ? translateApiText(event.memo) : '';
  const summary = [
    { label: t('sheet.amount'), value: <EventAmount event={event} className="text-xl" />, emphasis: true },
    { label: t('sheet.state'), value: <EventStatePill state={event.state} /> },
    { label: t('sheet.when'), value: formatDateTime(event.occurredAt) },
    ...(event.reference
      ? [{ label: t('sheet.reference'), value: <span className="[overflow-wrap:anywhere]">{event.reference}</span> }]
      : []),
    ...(event.held > 0 ? [{ label: t('sheet.held'), value: formatMoney(event.held) }] : []),
    { label: t('sheet.availableAfter'), value: formatMoney(event.availableAfter) },
  ];
  return (
    <ConfirmSheet open={open} onOpenChange={onOpenChange} title={t(eventTitleKey(event))} description={memo || undefined} summary={summary}>
      {(close) => (
        <div className="flex max-h-[45vh] flex-col gap-4 overflow-y-auto">
          {event.timeline.length > 1 || showsState(event) ? (
            <section aria-labelledby="event-timeline" className="flex flex-col gap-2">
              <h3 id="event-timeline" className="text-sm font-semibold text-gray-900 dark:text-gray-100">
                {t('sheet.timeline')}
              </h3>
              <ol className="flex flex-col gap-2 border-l-2 border-gray-200 pl-4 dark:border-gray-700">
                {event.timeline.map((step) => (
                  <li key={`${step.state}-${step.at}`} className="flex flex-wrap items-center justify-between gap-2">
                    <EventStatePill state={step.state} />
                    <time dateTime={step.at} className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
                      {formatDateTime(step.at)}
                    </time>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          <section aria-labelledby="event-entries" className="flex flex-col gap-1">
            <h3 id="event-entries" className="text-sm font-semibold text-gray-900 dark:text-gray-100">
              {t('sheet.entries')}
            </h3>
            <p className="text-xs text-gray-600 dark:text-gray-400">{t('sheet.entriesHint')}</p>
            <ul className="divide-y divide-gray-100 dark:divide-gray-800">
              {event.entries.map((entry) => (
                <EntryLine key={entry.id} entry={entry} />
              ))}
            </ul>
          </section>
          <Button variant="secondary" className="w-full" onClick={close}>
            {t('sheet.close')}
          </Button>
        </div>
      )}
    </ConfirmSheet>
  );
}
