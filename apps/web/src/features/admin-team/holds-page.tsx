import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { RefreshCw } from 'lucide-react';
import { decideReferralHoldBodySchema } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, cursorListState, ViewSelect } from '../../components/ui/console-list';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { RelativeTime } from '../../components/ui/relative-time';
import { preloadToaster, toast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { referralHoldsQueryOptions, useDecideReferralHold, type HoldsView, type ReferralHold } from './api';
import { useAdminTeamMessages, type AdminTeamT } from './messages';

const from = '/admin/referral-reviews' as const;
export const holdsViewOf = (search: { view?: unknown }): HoldsView => (search.view === 'decided' ? 'decided' : 'open');

type Action = { kind: 'release' | 'void'; hold: ReferralHold };
const reasonForm = decideReferralHoldBodySchema.pick({ reason: true });

/** What a signal says, in words: the upline it ties the member to, or the burst. */
function useSignalText() {
  const { t } = useAdminTeamMessages();
  return (signal: ReferralHold['signals'][number]) =>
    signal.kind === 'registration_burst'
      ? t('holds.kinds.registration_burst', { count: Number(signal.detail.joinedWithinHour ?? 0) })
      : t(`holds.kinds.${signal.kind}`, { name: signal.related?.displayName ?? '?', level: signal.related?.level ?? '?' });
}

/** /admin/referral-reviews: members held for self-referral signals, oldest first; release or void with a reason. */
export function HoldsPage() {
  const { t } = useAdminTeamMessages();
  const view = holdsViewOf(useSearch({ from }));
  const query = useInfiniteQuery(referralHoldsQueryOptions(view));
  const openCount = query.data?.pages[0]?.openCount;
  const currency = query.data?.pages[0]?.currency;
  const [action, setAction] = useState<Action | null>(null);
  const columns = useHoldColumns(view, currency, (kind, hold) => {
    preloadToaster();
    setAction({ kind, hold });
  });
  return (
    <ConsoleListPage
      title={t('holds.title')}
      description={
        <>
          {openCount !== undefined ? (
            <strong className="font-semibold text-gray-900 dark:text-gray-100">{t('holds.count', { count: openCount })} · </strong>
          ) : null}
          {t('holds.intro')}
        </>
      }
      actions={
        <Button variant="secondary" onClick={() => void query.refetch()} isBusy={query.isRefetching}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('holds.refresh')}
        </Button>
      }
      filters={<HoldsViewSelect view={view} />}
      caption={t('holds.caption')}
      columns={columns}
      rowKey={(hold) => hold.member.id}
      {...cursorListState(query)}
      empty={
        view === 'open'
          ? { title: t('holds.emptyTitle'), body: t('holds.emptyBody') }
          : { title: t('holds.emptyDecidedTitle'), body: t('holds.emptyDecidedBody') }
      }
    >
      {action ? <DecisionDialog action={action} currency={currency} onClose={() => setAction(null)} /> : null}
    </ConsoleListPage>
  );
}

/** Open holds or decided ones, kept in the URL. */
function HoldsViewSelect({ view }: { view: HoldsView }) {
  const { t } = useAdminTeamMessages();
  const navigate = useNavigate({ from });
  return (
    <ViewSelect
      label={t('holds.show')}
      value={view}
      options={[
        { value: 'open', label: t('holds.views.open') },
        { value: 'decided', label: t('holds.views.decided') },
      ]}
      onChange={(next) => void navigate({ search: next === 'decided' ? { view: 'decided' } : {} })}
    />
  );
}

/** The held member, the upline, the signals, what is held and since when; then the buttons or the decision. */
function useHoldColumns(
  view: HoldsView,
  currency: string | undefined,
  open: (kind: Action['kind'], hold: ReferralHold) => void,
): Column<ReferralHold>[] {
  const { t } = useAdminTeamMessages();
  const signalText = useSignalText();
  return [
    {
      key: 'member',
      header: t('holds.member'),
      cell: (hold) => (
        <>
          <Link
            to="/admin/members/$id"
            params={{ id: hold.member.id }}
            className="font-medium text-primary-800 hover:underline dark:text-primary-300"
          >
            {hold.member.displayName}
          </Link>
          <div className="text-xs text-gray-600 dark:text-gray-400">{hold.member.email ?? hold.member.phone}</div>
        </>
      ),
    },
    {
      key: 'upline',
      header: t('holds.upline'),
      cell: (hold) =>
        hold.upline ? (
          <Link to="/admin/members/$id" params={{ id: hold.upline.id }} className="hover:underline">
            {hold.upline.displayName}
          </Link>
        ) : (
          t('holds.noUpline')
        ),
    },
    {
      key: 'signals',
      header: t('holds.signals'),
      cell: (hold) => (
        <ul className="flex flex-col gap-1 text-sm">
          {hold.signals.map((signal, index) => (
            <li key={index}>{signalText(signal)}</li>
          ))}
        </ul>
      ),
    },
    {
      key: 'held',
      header: t('holds.held'),
      align: 'end',
      className: 'whitespace-nowrap tabular-nums',
      cell: (hold) => t('holds.heldValue', { amount: formatMoney(hold.held.total, { currency }), count: hold.held.count }),
    },
    {
      key: 'opened',
      header: t('holds.opened'),
      className: 'whitespace-nowrap text-gray-700 dark:text-gray-300',
      cell: (hold) => <RelativeTime value={hold.openedAt} />,
    },
    view === 'open' ? actionsColumn(t, open) : decisionColumn(t),
  ];
}

function actionsColumn(t: AdminTeamT, open: (kind: Action['kind'], hold: ReferralHold) => void): Column<ReferralHold> {
  return {
    key: 'actions',
    header: t('holds.actions'),
    hideHeader: true,
    cell: (hold) => (
      <div className="flex flex-wrap justify-end gap-2">
        <Button className="min-h-10" onClick={() => open('release', hold)} aria-label={`${t('holds.release')}: ${hold.member.displayName}`}>
          {t('holds.release')}
        </Button>
        <Button
          variant="danger-outline"
          className="min-h-10"
          onClick={() => open('void', hold)}
          aria-label={`${t('holds.void')}: ${hold.member.displayName}`}
        >
          {t('holds.void')}
        </Button>
      </div>
    ),
  };
}

function decisionColumn(t: AdminTeamT): Column<ReferralHold> {
  return {
    key: 'decision',
    header: t('holds.decision'),
    cell: (hold) => (
      <>
        <div className="font-medium">{t(`holds.statuses.${hold.status}`)}</div>
        <div className="text-xs text-gray-600 dark:text-gray-400">{hold.reason}</div>
      </>
    ),
  };
}

function DecisionDialog({ action, currency, onClose }: { action: Action; currency: string | undefined; onClose: () => void }) {
  const { t } = useAdminTeamMessages();
  const decide = useDecideReferralHold();
  const form = useZodForm(reasonForm, { defaultValues: { reason: '' } });
  const member = action.hold.member.displayName;
  const amount = formatMoney(action.hold.held.total, { currency });
  const isRelease = action.kind === 'release';
  return (
    <ConfirmSheet
      open
      onOpenChange={(next) => !next && !decide.isPending && onClose()}
      title={t(isRelease ? 'holds.releaseTitle' : 'holds.voidTitle', { member })}
      description={t(isRelease ? 'holds.releaseBody' : 'holds.voidBody')}
    >
      {(close) => (
        <Form
          form={form}
          onSubmit={async ({ reason }) => {
            await decide.mutateAsync({ memberId: action.hold.member.id, decision: action.kind, reason });
            toast(t(isRelease ? 'holds.released' : 'holds.voided', { amount, member }));
            onClose();
          }}
        >
          <TextField name="reason" label={t('holds.reason')} hint={t('holds.reasonHint')} maxLength={500} autoComplete="off" />
          <DecisionButtons
            close={close}
            backLabel={t('holds.cancel')}
            confirmLabel={t(isRelease ? 'holds.releaseConfirm' : 'holds.voidConfirm')}
            tone={isRelease ? 'primary' : 'danger'}
          />
        </Form>
      )}
    </ConfirmSheet>
  );
}
