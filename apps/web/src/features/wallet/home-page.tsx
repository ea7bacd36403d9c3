import { useMemo, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowUpFromLine, ChevronRight, LayoutGrid, UserPlus, type LucideIcon } from 'lucide-react';
import { Page } from '../../components/page';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmSheet, preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { Countdown } from '../../components/ui/countdown';
import { EmptyState } from '../../components/ui/empty-state';
import { formatMoney } from '../../lib/format';
import { meQueryOptions } from '../../lib/session';
import { useUiMessages } from '../../components/ui/messages';
import { openRechargeOrdersQueryOptions, recentActivityQueryOptions, rechargeKeys, walletQueryOptions, type RechargeOrder } from './api';
import { StatusPill } from './components';
import { CopyField } from '../../components/ui/copy-field';
import { ListSkeleton, Skeleton } from '../../components/ui/skeletons';
import { useWalletMessages } from './messages';
import { EventRow } from './event-row';
import { serverAlignedDeadline } from './logic';

const QUICK_ACTIONS: {
  to: '/recharge' | '/withdraw' | '/plan';
  key: 'recharge' | 'withdraw' | 'plans';
  icon: LucideIcon;
}[] = [
  { to: '/recharge', key: 'recharge', icon: ArrowDownToLine },
  { to: '/withdraw', key: 'withdraw', icon: ArrowUpFromLine },
  { to: '/plan', key: 'plans', icon: LayoutGrid },
];

const actionClass =
  'flex min-h-11 w-full flex-col items-center gap-1.5 rounded-2xl py-2 text-xs font-medium text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800';
const actionIconClass =
  'bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-400 grid size-12 place-items-center rounded-2xl';

/**
 * /home: the wallet at a glance, quick actions, news, the open order's countdown, recent activity.
 * The route puts in what other features show here (features do not import each other): the
 * commissions under the balance, the active plan before the recent activity.
 */
export function HomePage({
  commissions,
  plan,
  news,
  featured,
}: { commissions?: ReactNode; plan?: ReactNode; news?: ReactNode; featured?: ReactNode } = {}) {
  const { t } = useWalletMessages();
  const openOrders = useQuery(openRechargeOrdersQueryOptions());
  const [inviteOpen, setInviteOpen] = useState(false);
  const orders = openOrders.data ?? [];
  // The newest order still waiting for money gets the countdown; every open order gets a row.
  const awaiting = orders.find((order) => order.status === 'awaiting_payment');
  const submitted = orders.filter((order) => order.status === 'submitted');
  const submittedTotal = submitted.reduce((sum, order) => sum + order.amount, 0);

  return (
    <Page title={t('home.title')}>
      <BalanceCard submittedTotal={submittedTotal} />

      {commissions}

      <QuickActions onInvite={() => setInviteOpen(true)} />

      {news}
      {featured}

      <InviteSheet open={inviteOpen} onOpenChange={setInviteOpen} />

      {awaiting ? <OpenOrderCard order={awaiting} updatedAt={openOrders.dataUpdatedAt} /> : null}

      {orders.length > 0 ? <OpenOrdersList orders={orders} /> : null}

      {plan}

      <RecentActivity hasOpenOrders={orders.length > 0} />
    </Page>
  );
}

/** What I have: available, on hold, owed, and what recharges are being checked. */
function BalanceCard({ submittedTotal }: { submittedTotal: number }) {
  const { t } = useWalletMessages();
  const wallet = useQuery(walletQueryOptions());
  return (
    <Card className="flex flex-col gap-1" role="region" aria-labelledby="balance-label">
      <span id="balance-label" className="text-sm font-medium text-gray-600 dark:text-gray-400">
        {t('home.available')}
      </span>
      {wallet.data ? (
        <>
          <span className="text-4xl font-bold tracking-tight text-gray-900 tabular-nums dark:text-gray-50">
            {formatMoney(wallet.data.available, { currency: wallet.data.currency })}
          </span>
          <span className="text-sm text-gray-600 tabular-nums dark:text-gray-400">
            {t('home.onHold', { amount: formatMoney(wallet.data.onHold, { currency: wallet.data.currency }) })}
          </span>
          {wallet.data.debt > 0 ? (
            <span className="text-sm text-amber-800 tabular-nums dark:text-amber-300">
              {t('home.owed', { amount: formatMoney(wallet.data.debt, { currency: wallet.data.currency }) })}
            </span>
          ) : null}
          {submittedTotal > 0 ? (
            <span className="text-sm font-medium text-amber-800 tabular-nums dark:text-amber-300">
              {t('home.beingChecked', { amount: formatMoney(submittedTotal, { currency: wallet.data.currency }) })}
            </span>
          ) : null}
        </>
      ) : (
        <>
          <Skeleton style={{ height: '2.5rem', width: '12rem' }} />
          <Skeleton style={{ height: '1rem', width: '8rem' }} />
        </>
      )}
    </Card>
  );
}

/** Recharge, withdraw, plans, and invite (which opens the invite sheet). */
function QuickActions({ onInvite }: { onInvite: () => void }) {
  const { t } = useWalletMessages();
  return (
    <nav aria-label={t('home.actions')}>
      <ul className="grid grid-cols-4 gap-2">
        {QUICK_ACTIONS.map(({ to, key, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className={actionClass}>
              <span className={actionIconClass}>
                <Icon className="size-6" aria-hidden="true" />
              </span>
              {t(`home.${key}`)}
            </Link>
          </li>
        ))}
        <li>
          {/* Until the team's share page exists, the code and link are one tap away here. */}
          <button type="button" className={actionClass} onClick={onInvite} onPointerEnter={preloadConfirmSheet}>
            <span className={actionIconClass}>
              <UserPlus className="size-6" aria-hidden="true" />
            </span>
            {t('home.invite')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** The newest events of my wallet, with the way to the whole statement. */
function RecentActivity({ hasOpenOrders }: { hasOpenOrders: boolean }) {
  const { t } = useWalletMessages();
  const recent = useQuery(recentActivityQueryOptions());
  return (
    <section aria-labelledby="recent-heading" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 id="recent-heading" className="text-base font-semibold text-gray-900 dark:text-gray-100">
          {t('home.recent')}
        </h2>
        <Link to="/trx/log" className="text-primary-700 dark:text-primary-400 rounded-lg px-2 py-2 text-sm font-semibold hover:underline">
          {t('home.seeAll')}
        </Link>
      </div>
      {recent.data ? (
        recent.data.items.length > 0 ? (
          <Card className="px-0 py-1">
            <ul className="divide-y divide-gray-100 px-4 dark:divide-gray-800">
              {recent.data.items.map((event) => (
                <li key={event.id}>
                  <EventRow event={event} />
                </li>
              ))}
            </ul>
          </Card>
        ) : (
          <EmptyState
            title={t('home.noActivityTitle')}
            // With a recharge in progress, inviting another one would invite paying twice.
            body={hasOpenOrders ? t('home.noActivityPendingBody') : t('home.noActivityBody')}
            action={
              hasOpenOrders ? undefined : (
                <Link to="/recharge" className={buttonClass('primary')}>
                  {t('home.recharge')}
                </Link>
              )
            }
          />
        )
      ) : (
        <Card>
          <ListSkeleton rows={3} />
        </Card>
      )}
    </section>
  );
}

function OpenOrderCard({ order, updatedAt }: { order: RechargeOrder; updatedAt: number }) {
  const { t } = useWalletMessages();
  const queryClient = useQueryClient();
  const deadline = useMemo(
    () => serverAlignedDeadline(order.expiresAt, order.serverTime, updatedAt),
    [order.expiresAt, order.serverTime, updatedAt],
  );
  // Decided once: an hour or more left shows hours too.
  const [showHours] = useState(() => deadline - Date.now() >= 3_600_000);
  return (
    <Card className="flex flex-col gap-3" role="region" aria-labelledby="open-order-title">
      <h2 id="open-order-title" className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {t('home.openOrder', { amount: formatMoney(order.amount, { currency: order.currency }) })}
      </h2>
      <Countdown
        deadline={deadline}
        show={showHours ? ['hours', 'minutes', 'seconds'] : ['minutes', 'seconds']}
        labels={{
          days: t('countdown.days'),
          hours: t('countdown.hours'),
          minutes: t('countdown.minutes'),
          seconds: t('countdown.seconds'),
        }}
        labelText={t('home.orderTimeUp')}
        aria-label={t('home.openOrderTimer')}
        className="p-0"
        onTimeElapsed={() => void queryClient.invalidateQueries({ queryKey: rechargeKeys.all })}
      />
      <Link to="/recharge/confirm/$id" params={{ id: order.id }} className={buttonClass('secondary', 'w-full')}>
        {t('home.openOrderAction')}
      </Link>
    </Card>
  );
}

/** Recharges still in progress, each with its state and a way to its order page. */
function OpenOrdersList({ orders }: { orders: RechargeOrder[] }) {
  const { t } = useWalletMessages();
  const { t: common } = useUiMessages();
  return (
    <section aria-labelledby="open-orders-heading" className="flex flex-col gap-2">
      <h2 id="open-orders-heading" className="text-base font-semibold text-gray-900 dark:text-gray-100">
        {t('home.openOrders')}
      </h2>
      <Card className="px-0 py-1">
        <ul className="divide-y divide-gray-100 px-4 dark:divide-gray-800">
          {orders.map((order) => {
            const amount = formatMoney(order.amount, { currency: order.currency });
            return (
              <li key={order.id}>
                <Link
                  to="/recharge/confirm/$id"
                  params={{ id: order.id }}
                  aria-label={t('home.openOrderRow', {
                    amount,
                    reference: order.reference,
                    status: common(`money.orderStates.${order.status}`),
                  })}
                  className="flex min-h-11 items-center gap-3 py-3"
                >
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="font-semibold text-gray-900 tabular-nums dark:text-gray-100">{amount}</span>
                    <span className="truncate font-mono text-xs text-gray-600 dark:text-gray-400">{order.reference}</span>
                  </div>
                  <StatusPill status={order.status} />
                  <ChevronRight className="size-4 shrink-0 text-gray-400" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      </Card>
    </section>
  );
}

/** The member's invite code and sign-up link, each with its own copy button. */
function InviteSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useWalletMessages();
  const me = useQuery({ ...meQueryOptions(), enabled: open });
  const code = me.data?.inviteCode;
  return (
    <ConfirmSheet open={open} onOpenChange={onOpenChange} title={t('home.inviteTitle')} description={t('home.inviteBody')}>
      {(close) => (
        <div className="flex flex-col gap-4">
          {code ? (
            <>
              <CopyField id="invite-code" label={t('home.inviteCode')} value={code} large />
              <CopyField
                id="invite-link"
                label={t('home.inviteLink')}
                value={`${window.location.origin}/register?ref=${encodeURIComponent(code)}`}
              />
            </>
          ) : null}
          <Button variant="secondary" className="w-full" onClick={close}>
            {t('home.inviteDone')}
          </Button>
        </div>
      )}
    </ConfirmSheet>
  );
}
