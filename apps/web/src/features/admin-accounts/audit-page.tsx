import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { listAuditLogQuerySchema, type AuditEntry } from '@orchard/shared';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, listState } from '../../components/ui/console-list';
import { TextField } from '../../components/ui/form';
import { formatDateTime } from '../../lib/format';
import { auditQueryOptions } from './api';
import type { AuditSearch } from './search';
import { useAdminAccountsMessages } from './messages';
import { FilterBar, optionalFilter } from '../../components/ui/filter-bar';
import { useFilteredList } from './ui';

const filters = z.strictObject({
  action: optionalFilter(listAuditLogQuerySchema.shape.action),
  subjectId: optionalFilter(listAuditLogQuerySchema.shape.subjectId),
});

// Typed by route id; useSearch/useParams({ from }) rather than getRouteApi, whose class would join
// the router chunk of the first load.
const from = '/admin/audit' as const;

/** `/admin/audit`: who did what, newest first; filter by action or subject. */
export function AuditPage() {
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const onSearch = (next: AuditSearch) => void navigate({ search: next });
  const { t } = useAdminAccountsMessages();
  const query = useQuery(auditQueryOptions(search));
  const list = useFilteredList({
    search,
    total: query.data?.total,
    isFiltered: Boolean(search.action || search.subjectId),
    onSearch,
    empty: { title: t('audit.emptyTitle'), body: t('audit.emptyBody') },
  });
  const columns: Column<AuditEntry>[] = [
    {
      key: 'time',
      header: t('audit.time'),
      cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
      className: 'whitespace-nowrap tabular-nums',
    },
    { key: 'action', header: t('audit.action'), cell: (entry) => entry.action, className: 'text-xs' },
    { key: 'actor', header: t('audit.actor'), cell: (entry) => entry.actorName ?? t('audit.system') },
    { key: 'subject', header: t('audit.subject'), cell: (entry) => entry.subjectId ?? t('common.dash'), className: 'text-xs break-all' },
    { key: 'ip', header: t('audit.ip'), cell: (entry) => entry.ip ?? t('common.dash'), className: 'text-xs' },
    {
      key: 'detail',
      header: t('audit.detail'),
      className: 'text-xs text-gray-700 dark:text-gray-300',
      cell: (entry) => (Object.keys(entry.detail).length ? <AuditDetail detail={entry.detail} /> : t('common.dash')),
    },
  ];
  return (
    <ConsoleListPage
      title={t('audit.title')}
      description={t('audit.lead')}
      filters={
        <FilterBar
          key={JSON.stringify(search)}
          schema={filters}
          defaultValues={{ action: search.action ?? '', subjectId: search.subjectId ?? '' }}
          onSearch={onSearch}
        >
          <TextField name="action" type="search" label={t('audit.actionFilter')} placeholder="sign_in.failed" autoComplete="off" />
          <TextField name="subjectId" type="search" label={t('audit.subjectFilter')} autoComplete="off" />
        </FilterBar>
      }
      caption={t('audit.caption')}
      columns={columns}
      rowKey={(entry) => String(entry.id)}
      {...listState(query)}
      {...list}
    />
  );
}

/** A value of the detail as text: strings as they are, anything else as compact JSON. */
const detailText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The entry's detail as "key: value" lines that wrap inside a bounded column (long ids and
 * addresses break anywhere), instead of one JSON line that pushes the table past its edge.
 */
function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  return (
    <dl className="flex max-w-xs min-w-48 flex-col gap-0.5 [overflow-wrap:anywhere]">
      {Object.entries(detail).map(([key, value]) => (
        <div key={key}>
          <dt className="inline font-medium text-gray-900 dark:text-gray-100">{key}: </dt>
          <dd className="inline">{detailText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
