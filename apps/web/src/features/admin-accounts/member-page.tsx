import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  issueSignInLinkBodySchema,
  resetSecondFactorBodySchema,
  roleSchema,
  setMemberRoleBodySchema,
  setMemberStatusBodySchema,
  type MemberDetail,
  type MemberSummary,
} from '@orchard/shared';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { Button, buttonClass } from '../../components/ui/button';
import { ActionCard, Card } from '../../components/ui/card';
import { ConsolePage } from '../../components/ui/console';
import { SelectField } from '../../components/ui/console-fields';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { useConsoleCan } from '../../lib/console-access';
import { memberQueryOptions, useIssueSignInLink, useResetSecondFactor, useSetMemberRole, useSetMemberStatus } from './api';
import { useAdminAccountsMessages } from './messages';
import { Pill } from './ui';
import { CopyButton } from '../../components/ui/copy-button';

// Typed by route id; useSearch/useParams({ from }) rather than getRouteApi, whose class would join
// the router chunk of the first load.
const from = '/admin/members/$id' as const;

// The contract's own rule for the reason, so the form and the server say the same thing.
const signInLinkForm = issueSignInLinkBodySchema.pick({ reason: true });

function IssueSignInLink({ memberId }: { memberId: string }) {
  const { t } = useAdminAccountsMessages();
  const issue = useIssueSignInLink(memberId);
  const form = useZodForm(signInLinkForm, { defaultValues: { reason: '' } });
  return (
    <ActionCard title={t('member.signInLink')} lead={t('member.signInLinkLead')}>
      <Form form={form} onSubmit={({ reason }) => issue.mutateAsync(reason)}>
        <ReasonField id="link-reason" label={t('member.reason')} />
        <SubmitButton className="sm:w-auto sm:self-start">{t('member.issue')}</SubmitButton>
      </Form>
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
    </ActionCard>
  );
}

const statusForm = setMemberStatusBodySchema.pick({ reason: true });
const ROLES = roleSchema.options;

/** Give or take a console role, with the reason the audit log keeps (operators only). */
function MemberRole({ member }: { member: MemberSummary }) {
  const { t } = useAdminAccountsMessages();
  const setRole = useSetMemberRole(member.id);
  const form = useZodForm(setMemberRoleBodySchema, { defaultValues: { role: member.role, reason: '' } });
  return (
    <ActionCard title={t('member.consoleRole')} lead={t('member.consoleRoleLead')}>
      <Form
        form={form}
        onSubmit={async (body) => {
          await setRole.mutateAsync(body);
          form.reset({ role: body.role, reason: '' });
        }}
      >
        <SelectField
          name="role"
          label={t('member.newRole')}
          options={ROLES.map((role) => ({ value: role, label: t(`members.roles.${role}`) }))}
        />
        <ReasonField id="role-reason" label={t('member.roleReason')} />
        <SubmitButton className="sm:w-auto sm:self-start">{t('member.setRole')}</SubmitButton>
      </Form>
      {setRole.data ? <Outcome>{t('member.roleChanged', { role: t(`members.roles.${setRole.data.role}`) })}</Outcome> : null}
    </ActionCard>
  );
}

/** Freeze or unfreeze, with the reason the audit log keeps. */
function MemberAccess({ member }: { member: MemberSummary }) {
  const { t } = useAdminAccountsMessages();
  const setStatus = useSetMemberStatus(member.id);
  const form = useZodForm(statusForm, { defaultValues: { reason: '' } });
  const freezing = member.status === 'active';
  return (
    <ActionCard title={t('member.access')} lead={t(freezing ? 'member.freezeLead' : 'member.unfreezeLead')}>
      <Form
        form={form}
        onSubmit={async ({ reason }) => {
          await setStatus.mutateAsync({ status: freezing ? 'frozen' : 'active', reason });
          form.reset({ reason: '' });
        }}
      >
        <ReasonField id="access-reason" label={t(freezing ? 'member.freezeReason' : 'member.unfreezeReason')} />
        <SubmitButton className="sm:w-auto sm:self-start" variant={freezing ? 'danger' : 'primary'}>
          {t(freezing ? 'member.freeze' : 'member.unfreeze')}
        </SubmitButton>
      </Form>
      {setStatus.data ? <Outcome>{t(setStatus.data.status === 'frozen' ? 'member.frozen' : 'member.unfrozen')}</Outcome> : null}
    </ActionCard>
  );
}

/** An operator takes away another console account's second factor (lost phone), with the reason the audit log keeps. */
function MemberSecondFactor({ member }: { member: MemberSummary }) {
  const { t } = useAdminAccountsMessages();
  const reset = useResetSecondFactor(member.id);
  const form = useZodForm(resetSecondFactorBodySchema, { defaultValues: { reason: '' } });
  return (
    <ActionCard title={t('member.secondFactor')} lead={t('member.secondFactorLead')}>
      <Form
        form={form}
        onSubmit={async (body) => {
          await reset.mutateAsync(body);
          form.reset({ reason: '' });
        }}
      >
        <ReasonField id="second-factor-reason" label={t('member.secondFactorReason')} />
        <SubmitButton className="sm:w-auto sm:self-start" variant="danger">
          {t('member.resetSecondFactor')}
        </SubmitButton>
      </Form>
      {reset.data ? <Outcome>{'approval' in reset.data ? t('member.secondFactorSent') : t('member.secondFactorReset')}</Outcome> : null}
    </ActionCard>
  );
}

/** Who the member is: contact, invite code, role, status, referrer, team and sessions; links to their audit trail and purchases. */
function MemberDetails({ data }: { data: MemberDetail }) {
  const { t } = useAdminAccountsMessages();
  const can = useConsoleCan();
  const { member } = data;
  const rows: Array<[string, ReactNode]> = [
    [t('member.email'), member.email ?? t('common.dash')],
    [t('member.phone'), member.phone ?? t('common.dash')],
    [t('member.inviteCode'), <span className="tracking-wide">{member.inviteCode}</span>],
    [t('member.role'), <Pill tone={member.role === 'member' ? 'gray' : 'amber'}>{t(`members.roles.${member.role}`)}</Pill>],
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
      {can('audit_log') ? (
        <Link
          to="/admin/audit"
          search={{ subjectId: member.id }}
          className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400"
        >
          {t('member.auditTrail')}
        </Link>
      ) : null}
      {can('purchases') ? (
        <Link
          to="/admin/purchases"
          search={{ member: member.id }}
          className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400"
        >
          {t('member.purchases')}
        </Link>
      ) : null}
    </Card>
  );
}

/**
 * `/admin/members/$id`: one member, freeze/unfreeze and a support sign-in link (audited, with a
 * reason). `money` is the ledger's panel, composed by the route (features do not import each other).
 */
export function MemberPage({ money }: { money?: ReactNode }) {
  const { t } = useAdminAccountsMessages();
  const can = useConsoleCan();
  const { id } = useParams({ from });
  const { data, error, refetch, isFetching } = useQuery(memberQueryOptions(id));
  if (!data) {
    return (
      <ConsolePage title={t('members.title')}>
        {error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
            {error.message || t('common.loadFailed')}
            {/* A member that does not exist will not appear by asking again: offer the list instead. */}
            {error instanceof ApiError && error.status === 404 ? (
              <Link to="/admin/members" className={buttonClass('secondary', 'min-h-10')}>
                {t('member.back')}
              </Link>
            ) : (
              <Button variant="secondary" className="min-h-10" isBusy={isFetching} onClick={() => void refetch()}>
                {t('common.retry')}
              </Button>
            )}
          </div>
        ) : (
          <div
            aria-hidden="true"
            className="h-64 max-w-xl animate-pulse rounded-2xl bg-gray-100 motion-reduce:animate-none dark:bg-gray-800"
          />
        )}
      </ConsolePage>
    );
  }
  const { member } = data;
  return (
    <ConsolePage
      title={member.displayName}
      actions={
        <Link to="/admin/members" className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400">
          {t('member.back')}
        </Link>
      }
    >
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <MemberDetails data={data} />
          {member.status === 'active' && can('sign_in_links') ? <IssueSignInLink memberId={member.id} /> : null}
          {can('member_status') ? <MemberAccess member={member} /> : null}
          {can('roles') ? <MemberRole member={member} /> : null}
          {can('roles') && member.role !== 'member' ? <MemberSecondFactor member={member} /> : null}
        </div>
        <div className="flex min-w-0 flex-col gap-4">{money}</div>
      </div>
    </ConsolePage>
  );
}

/** The reason the audit log keeps for an action, under the contract's 500-character limit. */
function ReasonField({ id, label }: { id: string; label: string }) {
  const { t } = useAdminAccountsMessages();
  return <TextField id={id} name="reason" label={label} hint={t('member.reasonHint')} maxLength={500} autoComplete="off" />;
}

/** What came of an action, read out when it appears. */
function Outcome({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-gray-900 dark:text-gray-100">
      {children}
    </p>
  );
}
