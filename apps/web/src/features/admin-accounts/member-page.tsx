import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import type { IssuedSignInLink } from '@orchard/shared';
import { apiFetch, ApiError } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { memberQueryOptions } from './api';
import { useAdminAccountsMessages } from './messages';
import { ConsolePage, CopyButton, Pill } from './ui';

function IssueSignInLink({ memberId }: { memberId: string }) {
  const { t } = useAdminAccountsMessages();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const issue = useMutation({
    mutationFn: (text: string) =>
      apiFetch<IssuedSignInLink>(`/admin/members/${encodeURIComponent(memberId)}/sign-in-links`, {
        method: 'POST',
        body: { reason: text },
      }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < 3) return setReasonError(t('member.reasonRequired'));
    setReasonError(undefined);
    issue.mutate(text);
  };
  const fieldError = reasonError ?? (issue.error instanceof ApiError ? issue.error.fields.reason : undefined);
  const formError = issue.error && !fieldError ? issue.error.message : undefined;
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('member.signInLink')}</h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('member.signInLinkLead')}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <label htmlFor="reason" className="text-sm font-medium text-gray-900 dark:text-gray-100">
          {t('member.reason')}
        </label>
        <textarea
          id="reason"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby="reason-note"
          className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50"
        />
        <p id="reason-note" className={fieldError ? 'text-sm text-red-700 dark:text-red-400' : 'text-xs text-gray-600 dark:text-gray-400'}>
          {fieldError ?? t('member.reasonHint')}
        </p>
        {formError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {formError}
          </p>
        )}
        <Button type="submit" isBusy={issue.isPending}>
          {t('member.issue')}
        </Button>
      </form>
      {issue.data && (
        <div role="status" className="flex flex-col gap-2 rounded-xl bg-primary-50 p-3 dark:bg-primary-950">
          <p className="text-sm text-gray-900 dark:text-gray-100">{t('member.issued', { time: formatDateTime(issue.data.expiresAt) })}</p>
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label={t('member.linkLabel')}
              value={issue.data.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-10 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 text-xs text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50"
            />
            <CopyButton text={issue.data.url} label={t('member.copy')} done={t('member.copied')} />
          </div>
        </div>
      )}
    </Card>
  );
}

/** `/admin/members/$id`: one member, and a support sign-in link (audited, with a reason). */
export function MemberPage() {
  const { t } = useAdminAccountsMessages();
  const id = useRouterState({ select: (state) => state.matches.find((match) => match.routeId === '/admin/members/$id')?.params.id }) ?? '';
  const { data, error } = useQuery(memberQueryOptions(id));
  if (error) {
    return (
      <ConsolePage title={t('members.title')}>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      </ConsolePage>
    );
  }
  if (!data) return <div className="mt-6 min-h-14 rounded-xl bg-gray-100 dark:bg-gray-800" />;
  const { member } = data;
  const rows: Array<[string, React.ReactNode]> = [
    [t('member.email'), member.email ?? t('common.dash')],
    [t('member.phone'), member.phone ?? t('common.dash')],
    [t('member.inviteCode'), <span className="tracking-wide">{member.inviteCode}</span>],
    [t('member.role'), <Pill tone={member.role === 'operator' ? 'amber' : 'gray'}>{t(`members.roles.${member.role}`)}</Pill>],
    [t('member.status'), <Pill tone={member.status === 'active' ? 'green' : 'red'}>{t(`members.statuses.${member.status}`)}</Pill>],
    [t('member.joined'), formatDate(member.createdAt)],
    [
      t('member.referrer'),
      data.referrer ? (
        <Link
          to="/admin/members/$id"
          params={{ id: data.referrer.id }}
          className="text-primary-700 underline-offset-4 hover:underline dark:text-primary-400"
        >
          {data.referrer.displayName} ({data.referrer.inviteCode})
        </Link>
      ) : (
        t('member.noReferrer')
      ),
    ],
    [t('member.invitees'), data.inviteeCount],
    [t('member.sessions'), data.activeSessionCount],
  ];
  return (
    <ConsolePage
      title={member.displayName}
      actions={
        <Link to="/admin/members" className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400">
          {t('member.back')}
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        <Card className="flex flex-col gap-2">
          <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('member.details')}</h2>
          <dl>
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 border-t border-gray-200 py-2 text-sm dark:border-gray-800">
                <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
                <dd className="font-medium break-words text-gray-900 tabular-nums dark:text-gray-100">{value}</dd>
              </div>
            ))}
          </dl>
          <Link
            to="/admin/audit"
            search={{ subjectId: member.id }}
            className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400"
          >
            {t('member.auditTrail')}
          </Link>
        </Card>
        {member.status === 'active' && <IssueSignInLink memberId={member.id} />}
      </div>
    </ConsolePage>
  );
}
