import { useState } from 'react';
import {
  ArrowDownLeft,
  ArrowUpRight,
  Ban,
  CheckCircle2,
  CircleDollarSign,
  Clock,
  Gift,
  HandCoins,
  Hourglass,
  Landmark,
  Lock,
  RotateCcw,
  ShoppingBag,
  Undo2,
  Unlock,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import type { LedgerTransactionType, RechargeOrderStatus } from '@orchard/shared';
import { cn } from '../../components/ui/cn';
import { RelativeTime } from '../../components/ui/relative-time';
import { formatDateTime, formatMoney } from '../../lib/format';
import { TonePill } from '../../components/ui/tone-pill';
import { amountDirection, rechargeStatusTone } from './logic';
import { useWalletMessages } from './messages';

const STATUS_ICONS: Record<RechargeOrderStatus, LucideIcon> = {
  awaiting_payment: Clock,
  submitted: Hourglass,
  credited: CheckCircle2,
  rejected: XCircle,
  expired: Clock,
  cancelled: Ban,
};

/** A recharge order's status. */
export function StatusPill({ status, className }: { status: RechargeOrderStatus; className?: string }) {
  const { t } = useWalletMessages();
  return (
    <TonePill
      tone={rechargeStatusTone(status)}
      icon={STATUS_ICONS[status]}
      label={t(`status.${status}`)}
      status={status}
      className={className}
    />
  );
}

const TYPE_ICONS: Record<LedgerTransactionType, LucideIcon> = {
  recharge: ArrowDownLeft,
  adjustment_credit: CircleDollarSign,
  adjustment_debit: CircleDollarSign,
  plan_purchase: ShoppingBag,
  withdrawal_hold: Lock,
  withdrawal_paid: Landmark,
  withdrawal_release: Unlock,
  coupon_credit: Gift,
  commission_release: HandCoins,
  refund: Undo2,
  reversal: RotateCcw,
};

export function TypeIcon({ type, amount }: { type: LedgerTransactionType; amount: number }) {
  const Icon = TYPE_ICONS[type] ?? (amount >= 0 ? ArrowDownLeft : ArrowUpRight);
  const isIn = amount > 0;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-10 shrink-0 place-items-center rounded-full',
        isIn
          ? 'bg-green-50 text-green-700 dark:bg-green-950 dark:text-green-400'
          : 'bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300',
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}

/** A signed amount: green with "+" for money in, the default colour with "−" for money out. */
export function SignedAmount({ amount, currency, className }: { amount: number; currency?: string; className?: string }) {
  const direction = amountDirection(amount);
  const text = formatMoney(Math.abs(amount), currency ? { currency } : undefined);
  return (
    <span
      className={cn(
        'font-semibold whitespace-nowrap tabular-nums',
        direction === 'in' ? 'text-green-700 dark:text-green-400' : 'text-gray-900 dark:text-gray-100',
        className,
      )}
    >
      {direction === 'in' ? '+' : direction === 'out' ? '−' : ''}
      {text}
    </span>
  );
}

/** Relative time; the exact time on hover (title) and on tap (toggles the text). */
export function TapTime({ value, className }: { value: string; className?: string }) {
  const [exact, setExact] = useState(false);
  return (
    <button
      type="button"
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setExact((shown) => !shown);
      }}
      className={cn('rounded text-left text-xs text-gray-600 hover:underline dark:text-gray-400', className)}
    >
      {exact ? <time dateTime={value}>{formatDateTime(value)}</time> : <RelativeTime value={value} />}
    </button>
  );
}

export { ListSkeleton, Skeleton } from '../../components/ui/skeletons';
export { TonePill } from '../../components/ui/tone-pill';
