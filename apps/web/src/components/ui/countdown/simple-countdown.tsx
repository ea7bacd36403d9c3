import { useEffect, useMemo } from 'react';
import {
  COUNTDOWN_DEFAULT_LABEL_TEXT,
  SIMPLE_COUNTDOWN_INVALID_DATE,
  formatSimpleCountdown,
  parseDeadline,
  type DeadlineInput,
} from './countdown-logic';
import { useUiMessages } from '../messages';
import { useCountdown } from './use-countdown';

export interface SimpleCountdownProps {
  /** When the count ends: Date, epoch ms or date string. Required; missing or bad → "Please provide valid date". */
  deadline: DeadlineInput | null | undefined;
  /** Shown at zero instead of `0d 00:00:00`; `Time's up!` by default. */
  labelText?: string;
  /** Tick period in ms, 1000 by default. */
  interval?: number;
  /** Fires exactly once when the deadline is reached (also after the tab slept past it). */
  onTimeElapsed?: () => void;
  /** `04:05:06` instead of `0d 04:05:06` when less than a day is left. */
  hideZeroDays?: boolean;
  /** Accessible name of the timer, e.g. "Order expires in" (translated by the caller). */
  'aria-label'?: string;
  className?: string;
  /** Override the W2 error text (e.g. translated); `Please provide valid date` by default. */
  errorMessage?: string;
}

/** The text-only countdown (docs/product.md W2's second variant): `2d 04:05:06`. */
export function SimpleCountdown({
  deadline: deadlineProp,
  labelText = COUNTDOWN_DEFAULT_LABEL_TEXT,
  interval,
  onTimeElapsed,
  hideZeroDays = false,
  'aria-label': ariaLabel,
  className = '',
  errorMessage = SIMPLE_COUNTDOWN_INVALID_DATE,
}: SimpleCountdownProps) {
  const inputKey = deadlineProp instanceof Date ? deadlineProp.getTime() : deadlineProp;
  // Keyed by value: a new-but-equal Date each render must not re-parse and restart the timers.
  const parsed = useMemo(() => parseDeadline(deadlineProp), [inputKey]);
  const deadline = parsed.ok ? parsed.time : null;

  useEffect(() => {
    if (!parsed.ok) console.error(`SimpleCountdown: ${SIMPLE_COUNTDOWN_INVALID_DATE}`, deadlineProp);
  }, [parsed]);

  const { remainingMs, isElapsed } = useCountdown(deadline, { interval, onTimeElapsed });
  const { t } = useUiMessages();

  if (!parsed.ok) {
    return (
      <span role="alert" className={`text-sm font-medium text-red-700 dark:text-red-400 ${className}`}>
        {errorMessage}
      </span>
    );
  }

  return (
    // role="timer" is aria-live="off": the text is there to read, never announced each second.
    <span role="timer" aria-live="off" aria-atomic="true" aria-label={ariaLabel} className={`tabular-nums ${className}`}>
      {isElapsed ? labelText : formatSimpleCountdown(remainingMs, { hideZeroDays, dayText: (count) => t('countdown.days', { count }) })}
    </span>
  );
}
