import { useQuery } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { OutboxMessage } from '@orchard/shared';
import { formatDateTime } from '../../lib/format';
import { outboxQueryOptions } from './api';
import type { OutboxSearch } from './search';
import { useAdminAccountsMessages } from './messages';
import { ConsolePage, FilterField, FilterForm, inputClass, Pager, Pill, TableFrame, tableClass, tdClass, thClass } from './ui';

const STATUSES = ['pending', 'sending', 'sent', 'logged', 'failed'] as const;
const TONE: Record<OutboxMessage['status'], 'green' | 'amber' | 'red' | 'gray'> = {
  pending: 'amber',
  sending: 'amber',
  sent: 'green',
  logged: 'gray',
  failed: 'red',
};

/** `/admin/outbox`: every message queued, sent, logged or failed, with its text. */
export function OutboxPage() {
  const router = useRouter();
  const search: OutboxSearch =
    useRouterState({ select: (state) => state.matches.find((match) => match.routeId === '/admin/outbox')?.search }) ?? {};
  const onSearch = (next: OutboxSearch) => void router.navigate({ to: '/admin/outbox', search: next });
  const { t } = useAdminAccountsMessages();
  const { data, isPending, error } = useQuery(outboxQueryOptions(search));
  return (
    <ConsolePage title={t('outbox.title')} lead={t('outbox.lead')}>
      <FilterForm
        key={JSON.stringify(search)}
        onSubmit={(form) =>
          onSearch({
            destination: String(form.get('destination') ?? ''),
            status: String(form.get('status') ?? '') as OutboxSearch['status'],
          })
        }
        onClear={() => onSearch({})}
      >
        <FilterField label={t('outbox.destination')}>
          <input name="destination" type="search" defaultValue={search.destination ?? ''} className={`${inputClass} w-60`} />
        </FilterField>
        <FilterField label={t('outbox.statusLabel')}>
          <select name="status" defaultValue={search.status ?? ''} className={inputClass}>
            <option value="">{t('common.any')}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`outbox.statuses.${status}`)}
              </option>
            ))}
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
          {search.destination || search.status ? t('common.noMatch') : t('common.none')}
        </p>
      ) : (
        <TableFrame>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t('outbox.created')}</th>
                <th className={thClass}>{t('outbox.destination')}</th>
                <th className={thClass}>{t('outbox.subject')}</th>
                <th className={thClass}>{t('outbox.statusLabel')}</th>
                <th className={thClass}>{t('outbox.attempts')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((message) => (
                <tr key={message.id}>
                  <td className={`${tdClass} tabular-nums`}>{formatDateTime(message.createdAt)}</td>
                  <td className={`${tdClass}`}>
                    {message.destination}
                    <span className="block text-xs text-gray-600 dark:text-gray-400">
                      {message.channel} · {message.kind}
                    </span>
                  </td>
                  <td className={tdClass}>
                    <details>
                      <summary>{message.subject}</summary>
                      <pre className="mt-2 text-xs whitespace-pre-wrap text-gray-700 dark:text-gray-300">{message.body}</pre>
                    </details>
                    {message.lastError && <span className="block text-xs text-red-700 dark:text-red-400">{message.lastError}</span>}
                  </td>
                  <td className={tdClass}>
                    <Pill tone={TONE[message.status]}>{t(`outbox.statuses.${message.status}`)}</Pill>
                  </td>
                  <td className={`${tdClass} tabular-nums`}>{message.attempts}</td>
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
