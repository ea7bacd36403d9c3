import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { listOutboxQuerySchema, type OutboxMessage } from '@orchard/shared';
import { SelectField } from '../../components/ui/console-fields';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, listState } from '../../components/ui/console-list';
import { TextField } from '../../components/ui/form';
import { formatDateTime } from '../../lib/format';
import { outboxQueryOptions } from './api';
import type { OutboxSearch } from './search';
import { useAdminAccountsMessages } from './messages';
import { FilterBar, optionalFilter } from '../../components/ui/filter-bar';
import { Pill, useFilteredList } from './ui';

const STATUSES = ['pending', 'sending', 'sent', 'logged', 'failed'] as const;
const TONE: Record<OutboxMessage['status'], 'green' | 'amber' | 'red' | 'gray'> = {
  pending: 'amber',
  sending: 'amber',
  sent: 'green',
  logged: 'gray',
  failed: 'red',
};

const filters = z.strictObject({
  destination: optionalFilter(listOutboxQuerySchema.shape.destination),
  status: optionalFilter(listOutboxQuerySchema.shape.status),
});

// Typed by route id; useSearch/useParams({ from }) rather than getRouteApi, whose class would join
// the router chunk of the first load.
const from = '/admin/outbox' as const;

/** `/admin/outbox`: every message queued, sent, logged or failed, with its text. */
export function OutboxPage() {
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const onSearch = (next: OutboxSearch) => void navigate({ search: next });
  const { t } = useAdminAccountsMessages();
  const query = useQuery(outboxQueryOptions(search));
  const list = useFilteredList({
    search,
    total: query.data?.total,
    isFiltered: Boolean(search.destination || search.status),
    onSearch,
    empty: { title: t('outbox.emptyTitle'), body: t('outbox.emptyBody') },
  });
  const columns = useOutboxColumns();
  return (
    <ConsoleListPage
      title={t('outbox.title')}
      description={t('outbox.lead')}
      filters={<OutboxFilters search={search} onSearch={onSearch} />}
      caption={t('outbox.caption')}
      columns={columns}
      rowKey={(message) => String(message.id)}
      {...listState(query)}
      {...list}
    />
  );
}

/** A message's time, destination, text (opened on demand), state and attempts. */
function useOutboxColumns(): Column<OutboxMessage>[] {
  const { t } = useAdminAccountsMessages();
  return [
    {
      key: 'created',
      header: t('outbox.created'),
      cell: (message) => formatDateTime(message.createdAt),
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      key: 'destination',
      header: t('outbox.destination'),
      className: 'whitespace-nowrap',
      cell: (message) => (
        <>
          {message.destination}
          <span className="block text-xs text-gray-600 dark:text-gray-400">
            {message.channel} · {message.kind}
          </span>
        </>
      ),
    },
    {
      key: 'subject',
      header: t('outbox.subject'),
      cell: (message) => (
        <>
          <details>
            <summary className="cursor-pointer">{message.subject}</summary>
            <pre className="mt-2 text-xs whitespace-pre-wrap text-gray-700 dark:text-gray-300">{message.body}</pre>
          </details>
          {message.lastError && <span className="block text-xs text-red-700 dark:text-red-400">{message.lastError}</span>}
        </>
      ),
    },
    {
      key: 'status',
      header: t('outbox.statusLabel'),
      cell: (message) => <Pill tone={TONE[message.status]}>{t(`outbox.statuses.${message.status}`)}</Pill>,
    },
    { key: 'attempts', header: t('outbox.attempts'), cell: (message) => message.attempts, align: 'end', className: 'tabular-nums' },
  ];
}

function OutboxFilters({ search, onSearch }: { search: OutboxSearch; onSearch: (next: OutboxSearch) => void }) {
  const { t } = useAdminAccountsMessages();
  return (
    <FilterBar
      key={JSON.stringify(search)}
      schema={filters}
      defaultValues={{ destination: search.destination ?? '', status: search.status ?? '' }}
      onSearch={onSearch}
    >
      <TextField name="destination" type="search" label={t('outbox.destination')} autoComplete="off" />
      <SelectField
        name="status"
        label={t('outbox.statusLabel')}
        options={[
          { value: '', label: t('common.any') },
          ...STATUSES.map((status) => ({ value: status, label: t(`outbox.statuses.${status}`) })),
        ]}
      />
    </FilterBar>
  );
}
