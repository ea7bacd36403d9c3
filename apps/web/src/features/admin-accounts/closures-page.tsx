import { useQuery } from '@tanstack/react-query';
import type { AccountClosureList } from '@orchard/shared';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, listState } from '../../components/ui/console-list';
import { formatDateTime } from '../../lib/format';
import { closuresQueryOptions } from './api';
import { useAdminAccountsMessages } from './messages';

type Closure = AccountClosureList['items'][number];

/** `/admin/closures`: accounts closed, newest first: when, and a pseudonym; never who. */
export function ClosuresPage() {
  const { t } = useAdminAccountsMessages();
  const query = useQuery(closuresQueryOptions());
  const columns: Column<Closure>[] = [
    {
      key: 'closed',
      header: t('closures.closedAt'),
      cell: (closure) => formatDateTime(closure.closedAt),
      className: 'whitespace-nowrap tabular-nums',
    },
    { key: 'pseudonym', header: t('closures.pseudonym'), cell: (closure) => <span className="font-mono">{closure.pseudonym}</span> },
  ];
  return (
    <ConsoleListPage
      title={t('closures.title')}
      description={t('closures.lead')}
      caption={t('closures.caption')}
      columns={columns}
      rowKey={(closure) => closure.pseudonym}
      empty={{ title: t('closures.emptyTitle'), body: t('closures.emptyBody') }}
      {...listState(query)}
    />
  );
}
