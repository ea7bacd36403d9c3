import { useEffect, useMemo, useState } from 'react';
import '../widgets.css';
import {
  COUNTDOWN_DEFAULT_LABEL_TEXT,
  COUNTDOWN_DEFAULT_LABELS,
  accessibleCountdownText,
  defaultDeadline,
  normalizeUnits,
  pad2,
  parseDeadline,
  splitDuration,
  type CountdownLabels,
  type CountdownUnit,
  type DeadlineInput,
} from './countdown-logic';
import { useUiMessages } from '../messages';
import { useCountdown } from './use-countdown';

export interface CountdownProps {
  /**
   * When the count ends: Date, epoch ms or date string. Left out → 32 days from mount (docs/product.md
   * W1). `null` or `''` → "Missing props deadline"; unparsable → "Invalid props value, correct
   * the deadline" (W2), shown as an alert and logged, never thrown.
   */
  deadline?: DeadlineInput | null;
  /** Flip animation on digit change (CSS only, none under prefers-reduced-motion). */
  flip?: boolean;
  /** Unit label texts; missing keys keep `Days`, `Hours`, `Minutes`, `Seconds`. */
  labels?: Partial<CountdownLabels>;
  /** Shown at zero; `Time's up!` by default. */
  labelText?: string;
  /** Units to show, in any order (displayed days → seconds); all four by default. */
  show?: readonly CountdownUnit[];
  /** Tick period in ms, 1000 by default. */
  interval?: number;
  /** Fires exactly once when the deadline is reached (also after the tab slept past it). */
  onTimeElapsed?: () => void;
  /** Accessible name of the timer, e.g. "Promotion ends in" (translated by the caller). */
  'aria-label'?: string;
  className?: string;
  /** Override the W2 error texts (e.g. translated); the wording of docs/product.md W2 by default. */
  errorMessages?: Partial<Record<'missing' | 'invalid', string>>;
}

const surface = 'rounded-xl bg-white p-3 text-gray-900 dark:bg-gray-900 dark:text-gray-100';

/** The flip countdown (docs/product.md W1, W2): one card per unit with its label beneath. */
export function Countdown({
  deadline: deadlineProp,
  flip = true,
  labels: labelsProp,
  labelText = COUNTDOWN_DEFAULT_LABEL_TEXT,
  show,
  interval,
  onTimeElapsed,
  'aria-label': ariaLabel,
  className = '',
  errorMessages,
}: CountdownProps) {
  // "Not given" (undefined) is the one case with a default; computed once so it does not move.
  const [fallbackDeadline] = useState(() => defaultDeadline());
  const input = deadlineProp === undefined ? fallbackDeadline : deadlineProp;
  const inputKey = input instanceof Date ? input.getTime() : input;
  // Keyed by value: a new-but-equal Date each render must not re-parse and restart the timers.
  const parsed = useMemo(() => parseDeadline(input), [inputKey]);
  const deadline = parsed.ok ? parsed.time : null;
  const errorText = parsed.ok ? null : (errorMessages?.[parsed.reason] ?? parsed.message);

  useEffect(() => {
    if (!parsed.ok) console.error(`Countdown: ${parsed.message}`, deadlineProp);
    // Report once per bad value, not on every render.
  }, [parsed]);

  const { t } = useUiMessages();

  const { remainingMs, isElapsed } = useCountdown(deadline, { interval, onTimeElapsed });

  if (errorText !== null) {
    return (
      <div
        role="alert"
        className={`${surface} border border-red-200 text-sm font-medium text-red-700 dark:border-red-900 dark:text-red-400 ${className}`}
      >
        {errorText}
      </div>
    );
  }

  // W1's labels (Days, Hours, Minutes, Seconds) in the app's language.
  const labels: CountdownLabels = {
    ...COUNTDOWN_DEFAULT_LABELS,
    days: t('countdown.units.days'),
    hours: t('countdown.units.hours'),
    minutes: t('countdown.units.minutes'),
    seconds: t('countdown.units.seconds'),
    ...labelsProp,
  };
  const units = normalizeUnits(show);
  const parts = splitDuration(remainingMs, units);

  return (
    <div className={`${surface} flex flex-col items-center gap-2 ${className}`}>
      <div role="timer" aria-live="off" aria-atomic="true" aria-label={ariaLabel} className="flex justify-center gap-2">
        <span className="sr-only">{accessibleCountdownText(remainingMs, units, labels)}</span>
        {units.map((unit) => (
          <UnitCard key={unit} unit={unit} value={parts[unit]} label={labels[unit]} flip={flip} />
        ))}
      </div>
      {/* Always present so screen readers announce the text when it appears. */}
      <p role="status" className="text-xl font-semibold text-green-600 dark:text-green-500">
        {isElapsed ? labelText : null}
      </p>
    </div>
  );
}

/** One unit: its two digits on a card (replaying the flip on each new value), its label beneath. */
function UnitCard({ unit, value, label, flip }: { unit: CountdownUnit; value: number; label: string; flip: boolean }) {
  return (
    <div className="flex min-w-0 flex-col items-center gap-1" aria-hidden="true">
      <div className="min-w-14 overflow-hidden rounded-xl bg-gray-100 px-2 py-2 text-center text-3xl leading-none font-semibold tabular-nums perspective-[400px] dark:bg-gray-800">
        <span
          // A new key per value remounts the digits, which replays the CSS flip.
          key={flip ? value : undefined}
          data-unit={unit}
          className={
            flip
              ? 'block origin-top backface-hidden motion-safe:animate-[orchard-countdown-flip_400ms_ease-out] motion-reduce:animate-none'
              : 'block'
          }
        >
          {pad2(value)}
        </span>
      </div>
      <span className="text-xs font-medium tracking-wide text-gray-500 uppercase dark:text-gray-400">{label}</span>
    </div>
  );
}
