import { useQuery } from '@tanstack/react-query';
import { rejectApprovalBodySchema } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { formatDateTime } from '../../lib/format';
import { meQueryOptions } from '../../lib/session';
import { approvalQueryOptions, type ApprovalRequest, useDecideApproval } from './api';
import { approvalDetails, describeApproval } from './describe';
import { useAdminApprovalsMessages } from './messages';

/** One request: what would happen, who asked and when it expires; approve, or reject with a reason. */
export function DecisionSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useAdminApprovalsMessages();
  const request = useQuery(approvalQueryOptions(id)).data;
  const decide = useDecideApproval();
  const done = (approval: ApprovalRequest) => {
    toast(
      approval.state === 'applied'
        ? t('decide.approved')
        : approval.state === 'failed'
          ? t('decide.failed', { reason: approval.reason ?? '' })
          : t('decide.rejected'),
    );
    onClose();
  };
  return (
    <ConfirmSheet
      open
      size="wide"
      onOpenChange={(next) => !next && !decide.isPending && onClose()}
      title={t('decide.title')}
      summary={request ? [{ label: t('page.what'), value: describeApproval(t, request), emphasis: true }] : undefined}
    >
      {(close) => (request ? <Decision request={request} close={close} decide={decide} done={done} /> : null)}
    </ConfirmSheet>
  );
}

function Decision({
  request,
  close,
  decide,
  done,
}: {
  request: ApprovalRequest;
  close: () => void;
  decide: ReturnType<typeof useDecideApproval>;
  done: (approval: ApprovalRequest) => void;
}) {
  const { t } = useAdminApprovalsMessages();
  const me = useQuery(meQueryOptions()).data;
  const own = me?.id === request.requestedBy.id;
  const form = useZodForm(rejectApprovalBodySchema, { defaultValues: { reason: '' } });
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-1 text-sm text-gray-700 dark:text-gray-300">
        {approvalDetails(t, request).map((line) => (
          <li key={line} className="break-words text-gray-900 dark:text-gray-100">
            {line}
          </li>
        ))}
        <li>{t('decide.askedBy', { who: request.requestedBy.name, when: formatDateTime(request.requestedAt) })}</li>
        {request.state === 'requested' ? <li>{t('decide.expires', { when: formatDateTime(request.expiresAt) })}</li> : null}
        {request.decidedBy && request.decidedAt ? (
          <li>
            {t(`states.${request.state}`)} ·{' '}
            {t('decide.decidedBy', { who: request.decidedBy.name, when: formatDateTime(request.decidedAt) })}
          </li>
        ) : request.state !== 'requested' ? (
          <li>{t(`states.${request.state}`)}</li>
        ) : null}
        {request.reason ? <li>{t('decide.why', { reason: request.reason })}</li> : null}
      </ul>
      {request.canDecide ? (
        <>
          <Button
            className="w-full"
            isBusy={decide.isPending}
            onClick={() => decide.mutate({ id: request.id, how: 'approve' }, { onSuccess: ({ approval }) => done(approval) })}
          >
            {t('decide.approve')}
          </Button>
          <Form
            form={form}
            onSubmit={async ({ reason }) => done((await decide.mutateAsync({ id: request.id, how: 'reject', reason })).approval)}
          >
            <TextField name="reason" label={t('decide.rejectReason')} hint={t('decide.rejectHint')} maxLength={500} autoComplete="off" />
            <DecisionButtons close={close} backLabel={t('decide.back')} confirmLabel={t('decide.reject')} tone="danger" />
          </Form>
        </>
      ) : (
        <>
          {request.state === 'requested' ? (
            <p className="text-sm font-medium text-gray-900 dark:text-gray-100">{own ? t('decide.own') : t('decide.notYours')}</p>
          ) : null}
          <Button variant="secondary" className="w-full" onClick={close}>
            {t('decide.back')}
          </Button>
        </>
      )}
    </div>
  );
}
