import { Ban, CheckCircle2, Clock, Hourglass, XCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { RechargeOrderStatus } from '@orchard/shared';
import { cn } from '../../components/ui/cn';
import { formatMoney } from '../../lib/format';
import { useUiMessages } from '../../components/ui/messages';
import { TonePill } from '../../components/ui/tone-pill';
import { amountDirection, rechargeStatusTone } from './logic';

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
  const { t } = useUiMessages();
  return (
    <TonePill
      tone={rechargeStatusTone(status)}
      icon={STATUS_ICONS[status]}
      label={t(`money.orderStates.${status}`)}
      status={status}
      className={className}
    />
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

export { ListSkeleton, Skeleton } from '../../components/ui/skeletons';
export { TonePill } from '../../components/ui/tone-pill';

/**
 * One choice of a list drawn as a card (a recharge channel, a bank account): its radio, icon,
 * name and a line under it (`note`, with its own colour). `truncate` keeps a long name on one line.
 */
export function ChoiceCard({
  value,
  checked,
  icon: Icon,
  name,
  note,
  truncate = false,
  registration,
}: {
  value: string;
  checked: boolean;
  icon: LucideIcon;
  name: ReactNode;
  note: ReactNode;
  truncate?: boolean;
  registration: UseFormRegisterReturn;
}) {
  return (
    <label
      className={cn(
        'flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl bg-white px-4 py-3 ring-1 dark:bg-gray-900',
        checked ? 'ring-2 ring-primary-600 dark:ring-primary-500' : 'ring-gray-200 dark:ring-gray-800',
      )}
    >
      <input type="radio" value={value} className="size-4 accent-primary-600" {...registration} />
      <Icon className="size-5 text-gray-600 dark:text-gray-400" aria-hidden="true" />
      <span className={cn('flex flex-col', truncate && 'min-w-0')}>
        <span className={cn('text-sm font-semibold text-gray-900 dark:text-gray-100', truncate && 'truncate')}>{name}</span>
        {note}
      </span>
    </label>
  );
}
