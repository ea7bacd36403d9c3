import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { listMembersQuerySchema, type MemberSummary } from '@orchard/shared';
import { SelectField } from '../../components/ui/console-fields';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, listState } from '../../components/ui/console-list';
import { TextField } from '../../components/ui/form';
import { formatDate } from '../../lib/format';
import { membersQueryOptions } from './api';
import type { MembersSearch } from './search';
import { useAdminAccountsMessages } from './messages';
import { FilterBar, optionalFilter } from '../../components/ui/filter-bar';
import { Pill, useFilteredList } from './ui';

const filters = z.strictObject({
  q: optionalFilter(listMembersQuerySchema.shape.q),
  role: optionalFilter(listMembersQuerySchema.shape.role),
  status: optionalFilter(listMembersQuerySchema.shape.status),
});

// Typed by route id; useSearch/useParams({ from }) rather than getRouteApi, whose class would join
// the router chunk of the first load.
const from = '/admin/members/' as const;

/** `/admin/members`: search by name, email, phone or invite code; filters live in the URL. */
export function MembersPage() {
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const onSearch = (next: MembersSearch) => void navigate({ search: next });
  const { t } = useAdminAccountsMessages();
  const query = useQuery(membersQueryOptions(search));
  const list = useFilteredList({
    search,
    total: query.data?.total,
    isFiltered: Boolean(search.q || search.role || search.status),
    onSearch,
    empty: { title: t('members.emptyTitle'), body: t('members.emptyBody') },
  });
  const columns = useMemberColumns();
  return (
    <ConsoleListPage
      title={t('members.title')}
      filters={<MembersFilters search={search} onSearch={onSearch} />}
      caption={t('members.caption')}
      columns={columns}
      rowKey={(member) => member.id}
      {...listState(query)}
      {...list}
    />
  );
}

/** A member's name (to their page), contact, invite code, role, state and day joined. */
function useMemberColumns(): Column<MemberSummary>[] {
  const { t } = useAdminAccountsMessages();
  return [
    {
      key: 'name',
      header: t('members.name'),
      cell: (member) => (
        <Link
          to="/admin/members/$id"
          params={{ id: member.id }}
          className="font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400"
        >
          {member.displayName}
        </Link>
      ),
    },
    { key: 'contact', header: t('members.contact'), cell: (member) => member.email ?? member.phone, className: 'sm:whitespace-nowrap' },
    { key: 'invite', header: t('members.inviteCode'), cell: (member) => member.inviteCode },
    {
      key: 'role',
      header: t('members.role'),
      cell: (member) => <Pill tone={member.role === 'member' ? 'gray' : 'amber'}>{t(`members.roles.${member.role}`)}</Pill>,
    },
    {
      key: 'status',
      header: t('members.status'),
      cell: (member) => <Pill tone={member.status === 'active' ? 'green' : 'red'}>{t(`members.statuses.${member.status}`)}</Pill>,
    },
    {
      key: 'joined',
      header: t('members.joined'),
      cell: (member) => formatDate(member.createdAt),
      className: 'whitespace-nowrap tabular-nums',
    },
  ];
}

function MembersFilters({ search, onSearch }: { search: MembersSearch; onSearch: (next: MembersSearch) => void }) {
  const { t } = useAdminAccountsMessages();
  return (
    <FilterBar
      key={JSON.stringify(search)}
      schema={filters}
      defaultValues={{ q: search.q ?? '', role: search.role ?? '', status: search.status ?? '' }}
      onSearch={onSearch}
    >
      <TextField name="q" type="search" label={t('members.searchLabel')} autoComplete="off" />
      <SelectField
        name="role"
        label={t('members.role')}
        options={[
          { value: '', label: t('common.any') },
          { value: 'member', label: t('members.roles.member') },
          { value: 'operator', label: t('members.roles.operator') },
          { value: 'support', label: t('members.roles.support') },
          { value: 'finance', label: t('members.roles.finance') },
        ]}
      />
      <SelectField
        name="status"
        label={t('members.status')}
        options={[
          { value: '', label: t('common.any') },
          { value: 'active', label: t('members.statuses.active') },
          { value: 'frozen', label: t('members.statuses.frozen') },
          { value: 'closed', label: t('members.statuses.closed') },
        ]}
      />
    </FilterBar>
  );
}
