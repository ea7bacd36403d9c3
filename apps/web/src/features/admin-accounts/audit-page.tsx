import { useQuery } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { formatDateTime } from '../../lib/format';
import { auditQueryOptions } from './api';
import type { AuditSearch } from './search';
import { useAdminAccountsMessages } from './messages';
import { ConsolePage, FilterField, FilterForm, inputClass, Pager, TableFrame, tableClass, tdClass, thClass } from './ui';

/** `/admin/audit`: who did what, newest first; filter by action or subject. */
export function AuditPage() {
  const router = useRouter();
  const search: AuditSearch =
    useRouterState({ select: (state) => state.matches.find((match) => match.routeId === '/admin/audit')?.search }) ?? {};
  const onSearch = (next: AuditSearch) => void router.navigate({ to: '/admin/audit', search: next });
  const { t } = useAdminAccountsMessages();
  const { data, isPending, error } = useQuery(auditQueryOptions(search));
  return (
    <ConsolePage title={t('audit.title')} lead={t('audit.lead')}>
      <FilterForm
        key={JSON.stringify(search)}
        onSubmit={(form) => onSearch({ action: String(form.get('action') ?? ''), subjectId: String(form.get('subjectId') ?? '') })}
        onClear={() => onSearch({})}
      >
        <FilterField label={t('audit.actionFilter')}>
          <input
            name="action"
            type="search"
            placeholder="sign_in.failed"
            defaultValue={search.action ?? ''}
            className={`${inputClass} w-60`}
          />
        </FilterField>
        <FilterField label={t('audit.subjectFilter')}>
          <input name="subjectId" type="search" defaultValue={search.subjectId ?? ''} className={`${inputClass} w-60`} />
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
          {search.action || search.subjectId ? t('common.noMatch') : t('common.none')}
        </p>
      ) : (
        <TableFrame>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t('audit.time')}</th>
                <th className={thClass}>{t('audit.action')}</th>
                <th className={thClass}>{t('audit.actor')}</th>
                <th className={thClass}>{t('audit.subject')}</th>
                <th className={thClass}>{t('audit.ip')}</th>
                <th className={thClass}>{t('audit.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => (
                <tr key={entry.id}>
                  <td className={`${tdClass} tabular-nums`}>{formatDateTime(entry.createdAt)}</td>
                  <td className={`${tdClass} text-xs`}>{entry.action}</td>
                  <td className={tdClass}>{entry.actorName ?? t('audit.system')}</td>
                  <td className={`${tdClass} text-xs`}>{entry.subjectId ?? t('common.dash')}</td>
                  <td className={`${tdClass} text-xs`}>{entry.ip ?? t('common.dash')}</td>
                  <td className={`${tdClass} text-xs break-words text-gray-700 dark:text-gray-300`}>
                    {Object.keys(entry.detail).length ? JSON.stringify(entry.detail) : t('common.dash')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {data && (
        <Pager offset={search.offset ?? 0} total={data.total} onOffset={(next) => onSearch({ ...search, offset: next || undefined })} />
      )}
    </ConsolePage>
  );
}
