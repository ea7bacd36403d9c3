import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronRight, Download } from 'lucide-react';
import { Page } from '../../components/page';
import { Button, buttonClass } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/empty-state';
import { Field, inputClass } from '../../components/ui/field';
import { appConfig } from '../../lib/config';
import { formatMoney } from '../../lib/format';
import { useUiMessages } from '../../components/ui/messages';
import { rechargeOrdersQueryOptions, statementExportHref, statementQueryOptions, type StatementFilters } from './api';
import { ListSkeleton, StatusPill } from './components';
import { DayGroupedList, LoadMore } from '../../components/ui/day-list';
import { knownStatementFilters, STATEMENT_EVENT_KINDS } from './logic';
import { useWalletMessages } from './messages';
import { EventRow } from './event-row';
import { StatementDownloads } from './statement-downloads';
import { PeriodBalancesCard } from './period-balances';

/** /recharge/log: my orders, newest first, by day, each with its status. */
export function RechargeLogPage() {
  const { t } = useWalletMessages();
  const { t: common } = useUiMessages();
  const query = useInfiniteQuery(rechargeOrdersQueryOptions());
  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={t('rechargeLog.title')} backTo="/recharge">
      {!query.data ? (
        <ListSkeleton />
      ) : orders.length === 0 ? (
        <EmptyState
          title={t('rechargeLog.emptyTitle')}
          body={t('rechargeLog.emptyBody')}
          action={
            <Link to="/recharge" className={buttonClass('primary')}>
              {t('home.recharge')}
            </Link>
          }
        />
      ) : (
        <>
          <DayGroupedList
            items={orders}
            dateOf={(order) => order.createdAt}
            keyOf={(order) => order.id}
            render={(order) => (
              <Link
                to="/recharge/confirm/$id"
                params={{ id: order.id }}
                className="flex items-center gap-3 py-3"
                aria-label={`${formatMoney(order.amount, { currency: order.currency })} · ${order.channel.name} · ${order.reference} · ${common(`money.orderStates.${order.status}`)}`}
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="font-semibold text-gray-900 tabular-nums dark:text-gray-100">
                    {formatMoney(order.amount, { currency: order.currency })}
                  </span>
                  <span className="truncate text-xs text-gray-600 dark:text-gray-400">
                    {t('rechargeLog.rowTitle', { channel: order.channel.name, reference: order.reference })}
                  </span>
                </div>
                <StatusPill status={order.status} />
                <ChevronRight className="size-4 shrink-0 text-gray-400" aria-hidden="true" />
              </Link>
            )}
          />
          <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
        </>
      )}
    </Page>
  );
}

/** The date inputs' own picker icon follows the theme. */
const dateClass = cn(inputClass, 'dark:[color-scheme:dark]');

/** The statement's filters (kind, from, to), kept in the address; "Clear" when any is set. */
function StatementFilterForm({ filters, isFiltered }: { filters: StatementFilters; isFiltered: boolean }) {
  const { t } = useWalletMessages();
  const navigate = useNavigate();
  const setFilter = (patch: Partial<StatementFilters>) =>
    void navigate({ to: '/trx/log', search: (previous: StatementFilters) => ({ ...previous, ...patch }), replace: true });
  return (
    <form role="search" aria-label={t('statement.filters')} className="grid grid-cols-2 gap-3" onSubmit={(event) => event.preventDefault()}>
      <div className="col-span-2">
        <Field
          id="statement-type"
          label={t('statement.type')}
          control={
            <select
              id="statement-type"
              className={inputClass}
              value={filters.type ?? ''}
              onChange={(event) => setFilter({ type: event.target.value || undefined })}
            >
              <option value="">{t('statement.allTypes')}</option>
              {STATEMENT_EVENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`events.${kind}`)}
                </option>
              ))}
            </select>
          }
        />
      </div>
      <Field
        id="statement-from"
        label={t('statement.from')}
        type="date"
        className={dateClass}
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => setFilter({ from: event.target.value || undefined })}
      />
      <Field
        id="statement-to"
        label={t('statement.to')}
        type="date"
        className={dateClass}
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => setFilter({ to: event.target.value || undefined })}
      />
      {isFiltered ? (
        <Button variant="ghost" className="col-span-2" onClick={() => void navigate({ to: '/trx/log', search: {}, replace: true })}>
          {t('statement.clear')}
        </Button>
      ) : null}
    </form>
  );
}

/** /trx/log: the statement, one line per money event, filtered by kind and dates in the URL, newest first, "Load more". */
export function StatementPage() {
  const filters: StatementFilters = knownStatementFilters(useSearch({ from: '/_default/_app/trx/log' }));
  const { t } = useWalletMessages();
  const query = useInfiniteQuery(statementQueryOptions(filters));
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = Boolean(filters.type || filters.from || filters.to);
  // No entries at all: there is nothing to filter, so the filters wait until there is.
  const hasNothing = Boolean(query.data) && entries.length === 0 && !isFiltered;

  return (
    <Page
      title={t('statement.title')}
      backTo="/home"
      actions={
        <a
          href={statementExportHref(appConfig.apiBaseUrl, filters)}
          download
          className="flex min-h-11 shrink-0 items-center gap-1 rounded-xl px-3 text-sm font-semibold text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          <Download className="size-5" aria-hidden="true" />
          {/* Below 360 px the bar also holds the bell and help: the icon alone, its name still read out. */}
          <span className="sr-only min-[360px]:not-sr-only">{t('statement.export')}</span>
        </a>
      }
    >
      {hasNothing ? null : <StatementFilterForm filters={filters} isFiltered={isFiltered} />}
      {hasNothing ? null : <PeriodBalancesCard filters={filters} />}

      {!query.data ? (
        <ListSkeleton />
      ) : entries.length === 0 ? (
        isFiltered ? (
          <EmptyState title={t('statement.emptyFilteredTitle')} body={t('statement.emptyFilteredBody')} />
        ) : (
          <EmptyState
            title={t('statement.emptyTitle')}
            body={t('statement.emptyBody')}
            action={
              <Link to="/recharge" className={buttonClass('primary')}>
                {t('home.recharge')}
              </Link>
            }
          />
        )
      ) : (
        <>
          <DayGroupedList
            items={entries}
            dateOf={(event) => event.occurredAt}
            keyOf={(event) => event.id}
            render={(event) => <EventRow event={event} />}
          />
          <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
          <StatementDownloads filters={filters} />
        </>
      )}
    </Page>
  );
}
