export { Countdown, type CountdownProps } from './countdown';
export { SimpleCountdown, type SimpleCountdownProps } from './simple-countdown';
export { useCountdown, type CountdownState, type UseCountdownOptions } from './use-countdown';
export {
  COUNTDOWN_DEFAULT_DEADLINE_DAYS,
  COUNTDOWN_DEFAULT_INTERVAL_MS,
  COUNTDOWN_DEFAULT_LABEL_TEXT,
  COUNTDOWN_DEFAULT_LABELS,
  COUNTDOWN_INVALID_DEADLINE,
  COUNTDOWN_MISSING_DEADLINE,
  COUNTDOWN_UNITS,
  SIMPLE_COUNTDOWN_INVALID_DATE,
  accessibleCountdownText,
  defaultDeadline,
  formatSimpleCountdown,
  parseDeadline,
  splitDuration,
  type CountdownLabels,
  type CountdownParts,
  type CountdownUnit,
  type DeadlineInput,
} from './countdown-logic';
