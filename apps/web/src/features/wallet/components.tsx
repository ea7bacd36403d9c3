import { Ban, CheckCircle2, Clock, Hourglass, XCircle, type LucideIcon } from 'lucide-react';
import type { RechargeOrderStatus } from '@orchard/shared';
import { cn } from '../../components/ui/cn';
import { formatMoney } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
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
  const { t } = useTranslation();
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
