import type { CSSProperties, ReactNode } from 'react';
import { CalendarClock, Check, CalendarX, CircleCheckBig, CircleMinus, PackageX, TicketPercent, Undo, type LucideIcon } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { fallbackLang } from '../../components/ui/untranslated';
import type { Availability, CouponState } from './logic';
import type { Plan, PurchaseStatus } from './api';
import { formatMoney } from '../../lib/format';
import { usePlansMessages } from './messages';

/*
 * Small pieces the plan pages share. The skeleton, the day-grouped list and "Load more" have twins
 * in features/wallet; features do not import each other, so each keeps its own until they move
 * down to components/ui.
 */

type Tone = 'pending' | 'success' | 'failure' | 'neutral';

const TONE_CLASSES: Record<Tone, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900',
  success: 'bg-green-50 text-green-800 ring-green-200 dark:bg-green-950 dark:text-green-300 dark:ring-green-900',
  failure: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-300 dark:ring-red-900',
  neutral: 'bg-gray-100 text-gray-700 ring-gray-200 dark:bg-gray-800 dark:text-gray-300 dark:ring-gray-700',
};

/** A status: icon + word + colour, never colour alone (docs/product.md "Look and feel"). */
function Pill({ tone, icon: Icon, children, className }: { tone: Tone; icon: LucideIcon; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONE_CLASSES[tone],
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {children}
    </span>
  );
}

const AVAILABILITY: Record<Availability, { tone: Tone; icon: LucideIcon }> = {
  on_sale: { tone: 'success', icon: CircleCheckBig },
  upcoming: { tone: 'pending', icon: CalendarClock },
  ended: { tone: 'neutral', icon: CircleMinus },
  sold_out: { tone: 'neutral', icon: PackageX },
  limit_reached: { tone: 'neutral', icon: CircleMinus },
  not_on_sale: { tone: 'neutral', icon: CircleMinus },
};

export function AvailabilityPill({ availability }: { availability: Availability }) {
  const { t } = usePlansMessages();
  const { tone, icon } = AVAILABILITY[availability];
  return (
    <Pill tone={tone} icon={icon}>
      {t(`availability.${availability}`)}
    </Pill>
  );
}

const PURCHASE: Record<PurchaseStatus, { tone: Tone; icon: LucideIcon }> = {
  active: { tone: 'success', icon: CircleCheckBig },
  expired: { tone: 'neutral', icon: CalendarX },
  refunded: { tone: 'pending', icon: Undo },
};

export function PurchaseStatusPill({ status }: { status: PurchaseStatus }) {
  const { t } = usePlansMessages();
  const { tone, icon } = PURCHASE[status];
  return (
    <Pill tone={tone} icon={icon}>
      {t(`status.${status}`)}
    </Pill>
  );
}

const COUPON: Record<CouponState, { tone: Tone; icon: LucideIcon }> = {
  available: { tone: 'success', icon: TicketPercent },
  used: { tone: 'neutral', icon: CircleCheckBig },
  expired: { tone: 'neutral', icon: CalendarClock },
};

export function CouponStatePill({ state }: { state: CouponState }) {
  const { t } = usePlansMessages();
  const { tone, icon } = COUPON[state];
  return (
    <Pill tone={tone} icon={icon}>
      {t(`couponState.${state}`)}
    </Pill>
  );
}

/** A shimmering block standing in for content while it loads. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <span
      aria-hidden="true"
      style={style}
      className={cn('block animate-pulse rounded-lg bg-gray-200 motion-reduce:animate-none dark:bg-gray-800', className)}
    />
  );
}

/** A list of cards loading: the shape of what comes. */
export function CardsSkeleton({ cards = 3, height = '9rem' }: { cards?: number; height?: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      {Array.from({ length: cards }, (_, index) => (
        <Skeleton key={index} className="rounded-2xl" style={{ height, width: '100%' }} />
      ))}
    </div>
  );
}

/** A label and its value, one line of a plan's or a purchase's facts. */
export function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-2', className)}>
      <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="text-right text-sm font-medium text-gray-900 tabular-nums dark:text-gray-100">{children}</dd>
    </div>
  );
}

/** The price and what it buys ("per 30 days"); `className` sizes the figure. */
export function PlanPrice({ plan, className }: { plan: Pick<Plan, 'price' | 'currency' | 'durationDays'>; className: string }) {
  const { t } = usePlansMessages();
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={cn('font-bold text-gray-900 tabular-nums dark:text-gray-50', className)}>
        {formatMoney(plan.price, { currency: plan.currency })}
      </span>
      <span className="text-sm text-gray-600 dark:text-gray-400">
        {t('plan.perDuration', { duration: t('plan.duration', { count: plan.durationDays }) })}
      </span>
    </p>
  );
}

/** One benefit of a plan, ticked. */
export function Benefit({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm text-gray-800 dark:text-gray-200">
      <Check className="text-primary-700 dark:text-primary-400 mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </li>
  );
}

/** The plan's badge ("Popular"), marked as English when it has no translation. */
export function PlanBadge({ plan }: { plan: Pick<Plan, 'badge' | 'untranslated'> }) {
  return (
    <span
      className="bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300 rounded-full px-2.5 py-0.5 text-xs font-semibold"
      lang={fallbackLang(plan.untranslated, 'badge')}
    >
      {plan.badge}
    </span>
  );
}
