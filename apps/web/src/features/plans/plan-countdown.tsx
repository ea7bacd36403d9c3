import { useMemo, useState } from 'react';
import { Countdown } from '../../components/ui/countdown';
import { cn } from '../../components/ui/cn';
import { useQueryClient } from '@tanstack/react-query';
import { planKeys, type Plan } from './api';
import { countdownUnits, planAvailability, serverAlignedDeadline } from './logic';
import { usePlansMessages } from './messages';

/**
 * A countdown to a plan moment (the sale's end, an active plan's end), the flip widget of docs/product.md
 * W1, aligned to the server's clock. Units are chosen once: days while a day or more is left,
 * seconds only in the last hour.
 */
export function PlanCountdown({
  at,
  serverTime,
  receivedAt,
  label,
  timeUpText,
  onElapsed,
  align = 'start',
}: {
  at: string;
  serverTime: string;
  receivedAt: number;
  /** The timer's accessible name and its visible caption ("Sale ends in"). */
  label: string;
  timeUpText: string;
  onElapsed?: () => void;
  align?: 'start' | 'center';
}) {
  const { t } = usePlansMessages();
  const deadline = useMemo(() => serverAlignedDeadline(at, serverTime, receivedAt), [at, serverTime, receivedAt]);
  const [units] = useState(() => countdownUnits(deadline - Date.now()));
  return (
    <div className={cn('flex flex-col gap-1', align === 'center' ? 'items-center' : 'items-start')}>
      <span className="text-xs font-medium text-gray-600 dark:text-gray-400" aria-hidden="true">
        {label}
      </span>
      <Countdown
        deadline={deadline}
        show={units}
        labels={{
          days: t('countdown.days'),
          hours: t('countdown.hours'),
          minutes: t('countdown.minutes'),
          seconds: t('countdown.seconds'),
        }}
        labelText={timeUpText}
        aria-label={label}
        onTimeElapsed={onElapsed}
        // The widget's own padding would indent the digits from their caption.
        className="p-0!"
      />
    </div>
  );
}

/**
 * The sale deadline of a plan on sale (docs/product.md W1 countdown), on its card and its page;
 * when it runs out, the plans are read again (the plan is off sale now).
 */
export function SaleCountdown({ plan, receivedAt }: { plan: Plan; receivedAt: number }) {
  const { t } = usePlansMessages();
  const queryClient = useQueryClient();
  if (planAvailability(plan) !== 'on_sale' || !plan.saleEndsAt) return null;
  return (
    <PlanCountdown
      at={plan.saleEndsAt}
      serverTime={plan.serverTime}
      receivedAt={receivedAt}
      label={t('plan.saleEndsIn')}
      timeUpText={t('plan.saleTimeUp')}
      onElapsed={() => void queryClient.invalidateQueries({ queryKey: planKeys.all })}
    />
  );
}
