import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Ban, CheckCircle2, Clock, Hourglass, Send, XCircle, type LucideIcon } from 'lucide-react';
import type { WithdrawalStatus } from '@orchard/shared';
import { Page } from '../../components/page';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmActions, ConfirmSheet } from '../../components/ui/confirm-sheet';
import { DayGroupedList, LoadMore } from '../../components/ui/day-list';
import { EmptyState } from '../../components/ui/empty-state';
import { toast } from '../../components/ui/toast';
import { useUiMessages } from '../../components/ui/messages';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { useCancelWithdrawal, withdrawalsQueryOptions, type Withdrawal } from './api';
import { ListSkeleton, TonePill } from './components';
import { withdrawalStatusTone } from './logic';
import { useWalletMessages } from './messages';
import { accountName } from './withdraw-common';

const STATUS_ICONS: Record<WithdrawalStatus, LucideIcon> = {
  pending: Hourglass,
  processing: Send,
  paid: CheckCircle2,
  rejected: XCircle,
  cancelled: Ban,
};

/** A withdrawal's status: icon + word + colour, never colour alone. */
function WithdrawalStatusPill({ status }: { status: WithdrawalStatus }) {
  const { t } = useWalletMessages();
  return (
    <TonePill
      tone={withdrawalStatusTone(status)}
      icon={STATUS_ICONS[status] ?? Clock}
      label={t(`withdrawStatus.${status}`)}
      status={status}
    />
  );
}

/** /withdraw/log: my withdrawals by day, each with its status, reference or reason; cancel while pending (not once on its way to the bank). */
export function WithdrawLogPage() {
  const { t } = useWalletMessages();
  const query = useInfiniteQuery(withdrawalsQueryOptions());
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={t('withdrawLog.title')} backTo="/withdraw">
      {!query.data ? (
        <ListSkeleton />
      ) : items.length === 0 ? (
        <EmptyState
          title={t('withdrawLog.emptyTitle')}
          body={t('withdrawLog.emptyBody')}
          action={
            <Link to="/withdraw" className={buttonClass('primary')}>
              {t('withdraw.title')}
            </Link>
          }
        />
      ) : (
        <>
          <DayGroupedList
            items={items}
            dateOf={(item) => item.createdAt}
            keyOf={(item) => item.id}
            render={(item) => <WithdrawalRow item={item} />}
          />
          <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
        </>
      )}
    </Page>
  );
}

function WithdrawalRow({ item }: { item: Withdrawal }) {
  const { t } = useWalletMessages();
  const [cancelling, setCancelling] = useState(false);
  const money = (minor: number) => formatMoney(minor, { currency: item.currency });
  return (
    <div className="flex flex-col gap-2 py-3">
      <div className="flex items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-semibold text-gray-900 tabular-nums dark:text-gray-100">{money(item.amount)}</span>
          <span className="truncate text-xs text-gray-600 dark:text-gray-400">
            {t('withdrawLog.to', { account: accountName(item.account) })}
          </span>
          <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
            {t('withdrawLog.fee', { fee: money(item.fee), net: money(item.net) })}
          </span>
        </div>
        <WithdrawalStatusPill status={item.status} />
      </div>
      {item.payoutReference ? (
        <p className="text-xs text-gray-700 dark:text-gray-300">{t('withdrawLog.reference', { reference: item.payoutReference })}</p>
      ) : null}
      {item.rejectReason ? (
        <p className="text-xs text-red-700 dark:text-red-400">{t('withdrawLog.reason', { reason: item.rejectReason })}</p>
      ) : null}
      {item.status === 'processing' ? <p className="text-xs text-amber-800 dark:text-amber-300">{t('withdrawLog.processing')}</p> : null}
      {item.status === 'pending' ? (
        <Button variant="secondary" className="self-start" onClick={() => setCancelling(true)}>
          {t('withdrawLog.cancel')}
        </Button>
      ) : null}
      <CancelWithdrawalSheet item={item} open={cancelling} onClose={() => setCancelling(false)} />
    </div>
  );
}

/** "Cancel this withdrawal?": the money goes back to the wallet. */
function CancelWithdrawalSheet({ item, open, onClose }: { item: Withdrawal; open: boolean; onClose: () => void }) {
  const { t } = useWalletMessages();
  const genericError = useUiMessages().t('form.genericError');
  const cancel = useCancelWithdrawal(item.id, {
    onSuccess: () => {
      onClose();
      toast(t('withdrawLog.cancelled'));
    },
    onError: (error) => {
      onClose();
      toast(error instanceof ApiError ? error.message : genericError, 'error');
    },
  });
  return (
    <ConfirmSheet
      open={open}
      onOpenChange={(next) => {
        if (!next && !cancel.isPending) onClose();
      }}
      title={t('withdrawLog.cancelTitle')}
      description={t('withdrawLog.cancelBody', { amount: formatMoney(item.amount, { currency: item.currency }) })}
    >
      {(close) => (
        <ConfirmActions
          confirmLabel={t('withdrawLog.cancelConfirm')}
          cancelLabel={t('withdrawLog.keep')}
          isBusy={cancel.isPending}
          onConfirm={() => cancel.mutate()}
          close={close}
        />
      )}
    </ConfirmSheet>
  );
}
