import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { STATEMENT_EVENT_KINDS, type StatementEntry, type StatementEvent, type StatementEventKind } from '@orchard/shared';
import { z } from 'zod';
import { SelectField } from '../../components/ui/console-fields';
import { FilterBar, optionalFilter } from '../../components/ui/filter-bar';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { type Column, DataTable } from '../../components/ui/console';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useUiMessages } from '../../components/ui/messages';
import { translateApiText } from '../../lib/language';
import { memberLedgerQueryOptions, memberStatementQueryOptions } from './api';
import { useAdminLedgerMessages } from './messages';

const signed = (amount: number, currency?: string) => `${amount > 0 ? '+' : ''}${formatMoney(amount, { currency })}`;
const undone = (event: StatementEvent) => event.state === 'returned' || event.state === 'reversed';

/** The entries behind an event, or a page of the ledger view: each account named, its balance after. */
function EntriesTable({
  caption,
  entries,
  currency,
  pager,
  isPending,
  error,
  onRetry,
}: {
  caption: string;
  entries: StatementEntry[] | undefined;
  currency?: string;
  pager?: { hasMore: boolean; isLoadingMore: boolean; onMore: () => void };
  isPending?: boolean;
  error?: Error | null;
  onRetry?: () => void;
}) {
  const { t } = useAdminLedgerMessages();
  const { t: common } = useUiMessages();
  const columns: Column<StatementEntry>[] = [
    {
      key: 'what',
      header: t('money.memo'),
      cell: (entry) => (
        <>
          <div className="[overflow-wrap:anywhere]">
            {t(`money.types.${entry.type}`)}
            {entry.memo ? <span className="text-gray-600 dark:text-gray-400"> · {translateApiText(entry.memo)}</span> : null}
          </div>
          <div className="text-xs whitespace-nowrap text-gray-600 dark:text-gray-400">
            {formatDateTime(entry.createdAt)} · #{entry.transactionId}
          </div>
        </>
      ),
    },
    {
      key: 'account',
      header: t('money.account'),
      cell: (entry) => <span className="whitespace-nowrap">{common(`money.accounts.${entry.account}`)}</span>,
    },
    {
      key: 'amount',
      header: t('money.amount'),
      align: 'end',
      className: 'whitespace-nowrap tabular-nums',
      cell: (entry) => (
        <>
          <div className="font-semibold">{signed(entry.amount, currency)}</div>
          <div className="text-xs text-gray-600 dark:text-gray-400">
            {t('money.accountAfter', { amount: formatMoney(entry.balanceAfter, { currency }) })}
          </div>
        </>
      ),
    },
  ];
  return (
    <DataTable
      caption={caption}
      showCaption
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.id}
      isPending={isPending ?? false}
      error={error ?? null}
      onRetry={onRetry ?? (() => undefined)}
      empty={{ title: caption, body: t('money.noStatement') }}
      skeletonRows={3}
      pager={pager ? { kind: 'cursor', ...pager } : undefined}
    />
  );
}

function EventDetails({ event, currency }: { event: StatementEvent; currency?: string }) {
  const { t } = useAdminLedgerMessages();
  const { t: common } = useUiMessages();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className="min-h-10" onClick={() => setOpen(true)} aria-label={t('money.detailsOf', { id: event.id })}>
        {t('money.details')}
      </Button>
      <ConfirmSheet
        open={open}
        onOpenChange={setOpen}
        size="wide"
        title={t(`money.events.${event.kind}`)}
        description={event.memo ? translateApiText(event.memo) : undefined}
        summary={[
          { label: t('money.amount'), value: signed(event.amount, currency), emphasis: true },
          { label: t('money.state'), value: common(`money.states.${event.state}`) },
          { label: t('money.when'), value: formatDateTime(event.occurredAt) },
          { label: t('money.reference'), value: event.reference ?? event.id },
          ...event.timeline.slice(1).map((step) => ({ label: common(`money.states.${step.state}`), value: formatDateTime(step.at) })),
        ]}
      >
        {(close) => (
          <div className="flex max-h-[50vh] flex-col gap-3 overflow-y-auto">
            <EntriesTable caption={t('money.entries')} entries={event.entries} currency={currency} />
            <Button variant="secondary" onClick={close}>
              {t('money.close')}
            </Button>
          </div>
        )}
      </ConfirmSheet>
    </>
  );
}

/** What a list shows of an infinite query: its rows so far, its state, retry and "Load more". */
function listOf<T>(query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>) {
  return {
    rows: query.data?.pages.flatMap((page) => page.items),
    isPending: query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
    pager: { hasMore: query.hasNextPage, isLoadingMore: query.isFetchingNextPage, onMore: () => void query.fetchNextPage() },
  };
}

type StatementList<T> = ReturnType<typeof listOf<T>>;
type StatementView = 'events' | 'ledger';

/** The switch between the events view and the ledger view. */
function StatementTabs({ view, onChange }: { view: StatementView; onChange: (view: StatementView) => void }) {
  const { t } = useAdminLedgerMessages();
  return (
    <div role="tablist" aria-label={t('money.statement')} className="flex gap-1 self-start rounded-xl bg-gray-100 p-1 dark:bg-gray-800">
      {(['events', 'ledger'] as const).map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={view === key}
          onClick={() => onChange(key)}
          className={cn(
            'min-h-10 rounded-lg px-3 text-sm font-semibold',
            view === key ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-gray-50' : 'text-gray-600 dark:text-gray-400',
          )}
        >
          {t(key === 'events' ? 'money.eventsView' : 'money.ledgerView')}
        </button>
      ))}
    </div>
  );
}

/** An event's kind, its state unless completed, when and its memo. */
function EventWhat({ event }: { event: StatementEvent }) {
  const { t } = useAdminLedgerMessages();
  const { t: common } = useUiMessages();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <span>{t(`money.events.${event.kind}`)}</span>
        {event.state === 'completed' ? null : (
          <span
            data-status={event.state}
            className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-300"
          >
            {common(`money.states.${event.state}`)}
          </span>
        )}
      </div>
      <div className="text-xs text-gray-600 [overflow-wrap:anywhere] dark:text-gray-400">
        {formatDateTime(event.occurredAt)}
        {event.memo ? ` · ${translateApiText(event.memo)}` : ''}
      </div>
    </>
  );
}

/** An event's amount (struck through when undone) and what it left: held, not yet available, or the balance after. */
function EventAmount({ event, currency }: { event: StatementEvent; currency?: string }) {
  const { t } = useAdminLedgerMessages();
  return (
    <>
      <div className={cn('font-semibold', undone(event) && 'text-gray-500 line-through dark:text-gray-400')}>
        {signed(event.amount, currency)}
      </div>
      <div className="text-xs text-gray-600 dark:text-gray-400">
        {event.held > 0
          ? t('money.heldNow', { amount: formatMoney(event.held, { currency }) })
          : event.kind === 'commission' && (event.state === 'pending' || event.state === 'review')
            ? t('money.notYetAvailable')
            : t('money.availableAfter', { amount: formatMoney(event.availableAfter, { currency }) })}
      </div>
    </>
  );
}

/** The events as the member reads them: one line per money event, its state, the available balance after. */
function EventsList({ list, currency }: { list: StatementList<StatementEvent>; currency?: string }) {
  const { t } = useAdminLedgerMessages();
  const columns: Column<StatementEvent>[] = [
    { key: 'what', header: t('money.memo'), cell: (event) => <EventWhat event={event} /> },
    {
      key: 'amount',
      header: t('money.amount'),
      align: 'end',
      className: 'whitespace-nowrap tabular-nums',
      cell: (event) => <EventAmount event={event} currency={currency} />,
    },
    {
      key: 'details',
      header: t('money.details'),
      hideHeader: true,
      align: 'end',
      cell: (event) => <EventDetails event={event} currency={currency} />,
    },
  ];
  return (
    <DataTable
      caption={t('money.statement')}
      showCaption
      columns={columns}
      rows={list.rows}
      rowKey={(event) => event.id}
      isPending={list.isPending}
      error={list.error}
      onRetry={list.onRetry}
      empty={{ title: t('money.statement'), body: t('money.noStatement') }}
      skeletonRows={3}
      pager={{ kind: 'cursor', ...list.pager }}
    />
  );
}

/** The ledger view: every entry, its account named, each account's own running balance. */
function LedgerList({ list, currency }: { list: StatementList<StatementEntry>; currency?: string }) {
  const { t } = useAdminLedgerMessages();
  return (
    <EntriesTable
      caption={t('money.ledgerView')}
      entries={list.rows}
      currency={currency}
      isPending={list.isPending}
      error={list.error}
      onRetry={list.onRetry}
      pager={list.pager}
    />
  );
}

/** The events view's type filter, the same kinds as the member's own /trx/log. */
function EventKindFilter({ kind, onChange }: { kind?: StatementEventKind; onChange: (kind?: StatementEventKind) => void }) {
  const { t } = useAdminLedgerMessages();
  const schema = z.object({ kind: optionalFilter(z.enum(STATEMENT_EVENT_KINDS)) });
  return (
    <FilterBar
      schema={schema}
      defaultValues={{ kind: kind ?? '' }}
      onSearch={(values) => onChange('kind' in values ? values.kind : undefined)}
    >
      <SelectField
        name="kind"
        label={t('money.kind')}
        options={[
          { value: '', label: t('money.allKinds') },
          ...STATEMENT_EVENT_KINDS.map((value) => ({ value, label: t(`money.events.${value}`) })),
        ]}
      />
    </FilterBar>
  );
}

/**
 * The member's statement on their console page: the events as the member reads them (one line per
 * money event, its state, the available balance after), or the ledger view (every entry, its
 * account named, each account's own running balance).
 */
export function MemberStatement({ memberId, currency }: { memberId: string; currency?: string }) {
  const { t } = useAdminLedgerMessages();
  const [view, setView] = useState<StatementView>('events');
  const [kind, setKind] = useState<StatementEventKind | undefined>(undefined);
  const events = useInfiniteQuery(memberStatementQueryOptions(memberId, kind));
  const ledger = useInfiniteQuery({ ...memberLedgerQueryOptions(memberId), enabled: view === 'ledger' });
  return (
    <section className="flex flex-col gap-2" aria-label={t('money.statement')}>
      <StatementTabs view={view} onChange={setView} />
      {view === 'events' ? (
        <>
          <EventKindFilter kind={kind} onChange={setKind} />
          <EventsList list={listOf(events)} currency={currency} />
        </>
      ) : (
        <LedgerList list={listOf(ledger)} currency={currency} />
      )}
    </section>
  );
}
