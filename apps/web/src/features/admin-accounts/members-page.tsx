import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { formatDate } from '../../lib/format';
import { membersQueryOptions } from './api';
import type { MembersSearch } from './search';
import { useAdminAccountsMessages } from './messages';
import { ConsolePage, FilterField, FilterForm, inputClass, Pager, Pill, TableFrame, tableClass, tdClass, thClass } from './ui';

/** `/admin/members`: search by name, email, phone or invite code; filters live in the URL. */
export function MembersPage() {
  const router = useRouter();
  const search: MembersSearch =
    useRouterState({ select: (state) => state.matches.find((match) => match.routeId === '/admin/members/')?.search }) ?? {};
  const onSearch = (next: MembersSearch) => void router.navigate({ to: '/admin/members', search: next });
  const { t } = useAdminAccountsMessages();
  const { data, isPending, error } = useQuery(membersQueryOptions(search));
  const offset = search.offset ?? 0;
  return (
    <ConsolePage title={t('members.title')}>
      <FilterForm
        key={JSON.stringify(search)}
        onSubmit={(form) =>
          onSearch({
            q: String(form.get('q') ?? ''),
            role: String(form.get('role') ?? '') as MembersSearch['role'],
            status: String(form.get('status') ?? '') as MembersSearch['status'],
          })
        }
        onClear={() => onSearch({})}
      >
        <FilterField label={t('members.searchLabel')}>
          <input name="q" type="search" defaultValue={search.q ?? ''} className={`${inputClass} w-60`} />
        </FilterField>
        <FilterField label={t('members.role')}>
          <select name="role" defaultValue={search.role ?? ''} className={inputClass}>
            <option value="">{t('common.any')}</option>
            <option value="member">{t('members.roles.member')}</option>
            <option value="operator">{t('members.roles.operator')}</option>
          </select>
        </FilterField>
        <FilterField label={t('members.status')}>
          <select name="status" defaultValue={search.status ?? ''} className={inputClass}>
            <option value="">{t('common.any')}</option>
            <option value="active">{t('members.statuses.active')}</option>
            <option value="frozen">{t('members.statuses.frozen')}</option>
          </select>
        </FilterField>
      </FilterForm>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message || t('common.loadFailed')}
        </p>
      ) : isPending ? (
        <div className="min-h-14 rounded-xl bg-gray-100 dark:bg-gray-800" />
      ) : data.items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {search.q || search.role || search.status ? t('common.noMatch') : t('common.none')}
        </p>
      ) : (
        <TableFrame>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t('members.name')}</th>
                <th className={thClass}>{t('members.contact')}</th>
                <th className={thClass}>{t('members.inviteCode')}</th>
                <th className={thClass}>{t('members.role')}</th>
                <th className={thClass}>{t('members.status')}</th>
                <th className={thClass}>{t('members.joined')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((member) => (
                <tr key={member.id} className="hover:bg-gray-50 dark:hover:bg-gray-800">
                  <td className={tdClass}>
                    <Link
                      to="/admin/members/$id"
                      params={{ id: member.id }}
                      className="font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400"
                    >
                      {member.displayName}
                    </Link>
                  </td>
                  <td className={`${tdClass}`}>{member.email ?? member.phone}</td>
                  <td className={tdClass}>{member.inviteCode}</td>
                  <td className={tdClass}>
                    <Pill tone={member.role === 'operator' ? 'amber' : 'gray'}>{t(`members.roles.${member.role}`)}</Pill>
                  </td>
                  <td className={tdClass}>
                    <Pill tone={member.status === 'active' ? 'green' : 'red'}>{t(`members.statuses.${member.status}`)}</Pill>
                  </td>
                  <td className={`${tdClass} tabular-nums`}>{formatDate(member.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {data && <Pager offset={offset} total={data.total} onOffset={(next) => onSearch({ ...search, offset: next || undefined })} />}
    </ConsolePage>
  );
}
