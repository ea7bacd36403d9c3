import { useMemo, useState } from 'react';
import { Countdown } from '../../components/ui/countdown';
import { cn } from '../../components/ui/cn';
import { countdownUnits, serverAlignedDeadline } from './logic';
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

/** The sale deadline of a plan (docs/product.md W1 countdown), on its card and its page. */
export function SaleCountdown({
  endsAt,
  serverTime,
  receivedAt,
  onElapsed,
}: {
  endsAt: string;
  serverTime: string;
  receivedAt: number;
  onElapsed?: () => void;
}) {
  const { t } = usePlansMessages();
  return (
    <PlanCountdown
      at={endsAt}
      serverTime={serverTime}
      receivedAt={receivedAt}
      label={t('plan.saleEndsIn')}
      timeUpText={t('plan.saleTimeUp')}
      onElapsed={onElapsed}
    />
  );
}
