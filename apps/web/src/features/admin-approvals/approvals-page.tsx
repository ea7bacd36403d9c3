import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, listState, ViewSelect } from '../../components/ui/console-list';
import { preloadToaster } from '../../components/ui/toast';
import { useConsoleCan } from '../../lib/console-access';
import { formatShortDateTime } from '../../lib/format';
import { approvalsQueryOptions, type ApprovalRequest } from './api';
import { APPROVAL_VIEWS } from './search';
import { DecisionSheet } from './decision-sheet';
import { approvalDetails, describeApproval } from './describe';
import { useAdminApprovalsMessages, type AdminApprovalsT } from './messages';
import { ThresholdCard } from './threshold-card';

/** /admin/approvals: the requests waiting for a second person (or those decided), one opened to decide. */
export function ApprovalsPage() {
  const { t } = useAdminApprovalsMessages();
  const { view = 'waiting', id } = useSearch({ from: '/admin/approvals' });
  const navigate = useNavigate({ from: '/admin/approvals' });
  const query = useQuery(approvalsQueryOptions(view));
  const can = useConsoleCan();
  const open = (next: string | undefined) => void navigate({ search: (prev) => ({ ...prev, id: next }) });
  return (
    <ConsoleListPage
      title={t('page.title')}
      description={t('page.intro')}
      filters={
        <ViewSelect
          label={t('page.show')}
          value={view}
          options={APPROVAL_VIEWS.map((value) => ({ value, label: t(`page.views.${value}`) }))}
          onChange={(next) => void navigate({ search: { view: next } })}
        />
      }
      caption={t('page.caption')}
      columns={columns(t, (request) => {
        preloadToaster();
        open(request.id);
      })}
      rowKey={(request) => request.id}
      {...listState(query)}
      empty={{ title: t('page.emptyTitle'), body: t('page.emptyBody') }}
    >
      {/* The queue first; the operators' threshold below it. */}
      {can('approval_settings') ? <ThresholdCard /> : null}
      {id ? <DecisionSheet id={id} onClose={() => open(undefined)} /> : null}
    </ConsoleListPage>
  );
}

function columns(t: AdminApprovalsT, review: (request: ApprovalRequest) => void): Column<ApprovalRequest>[] {
  return [
    {
      key: 'asked',
      header: t('page.requested'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => formatShortDateTime(r.requestedAt),
    },
    {
      key: 'what',
      header: t('page.what'),
      cell: (r) => (
        <>
          <div className="font-medium break-words">{describeApproval(t, r)}</div>
          {approvalDetails(t, r).map((line) => (
            <div key={line} className="text-xs break-words text-gray-600 dark:text-gray-400">
              {line}
            </div>
          ))}
        </>
      ),
    },
    { key: 'who', header: t('page.who'), cell: (r) => r.requestedBy.name },
    { key: 'state', header: t('page.state'), cell: (r) => t(`states.${r.state}`) },
    {
      key: 'actions',
      header: t('page.actions'),
      hideHeader: true,
      cell: (r) => (
        <div className="flex justify-end">
          <Button
            className="min-h-10"
            variant={r.canDecide ? 'primary' : 'secondary'}
            onClick={() => review(r)}
            aria-label={`${t('page.review')}: ${describeApproval(t, r)}`}
          >
            {t('page.review')}
          </Button>
        </div>
      ),
    },
  ];
}
