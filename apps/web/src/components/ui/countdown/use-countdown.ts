import { useEffect, useRef, useState } from 'react';
import { COUNTDOWN_DEFAULT_INTERVAL_MS, MAX_TIMEOUT_MS } from './countdown-logic';

export interface UseCountdownOptions {
  /** Re-render period in ms (docs/product.md W1: 1000). Non-positive or non-finite values use 1000. */
  interval?: number;
  /** Called exactly once per deadline, when the clock reaches it. */
  onTimeElapsed?: () => void;
}

export interface CountdownState {
  remainingMs: number;
  isElapsed: boolean;
}

/**
 * Time left until `deadline` (epoch ms; `null` = nothing to count). The remaining time is
 * always computed from Date.now(), never by counting ticks: timers are throttled or frozen in
 * background tabs and on sleeping phones, so each tick, a one-shot timer at the deadline and
 * the tab becoming visible again all re-read the clock. `onTimeElapsed` fires once per
 * deadline, also when the deadline already passed at mount or while the tab slept.
 */
export function useCountdown(deadline: number | null, { interval, onTimeElapsed }: UseCountdownOptions = {}): CountdownState {
  const period = interval !== undefined && Number.isFinite(interval) && interval > 0 ? interval : COUNTDOWN_DEFAULT_INTERVAL_MS;
  const [now, setNow] = useState(() => Date.now());
  const onTimeElapsedRef = useRef(onTimeElapsed);
  // Which deadline has fired: survives StrictMode's double effects and re-renders.
  const firedForRef = useRef<number | null>(null);

  useEffect(() => {
    onTimeElapsedRef.current = onTimeElapsed;
  }, [onTimeElapsed]);

  useEffect(() => {
    if (deadline === null) return;
    let intervalId: ReturnType<typeof setInterval> | undefined;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;

    const stop = () => {
      clearInterval(intervalId);
      clearTimeout(timeoutId);
      intervalId = undefined;
      timeoutId = undefined;
    };
    const check = () => {
      const current = Date.now();
      setNow(current);
      if (current < deadline) return false;
      stop();
      if (firedForRef.current !== deadline) {
        firedForRef.current = deadline;
        onTimeElapsedRef.current?.();
      }
      return true;
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') check();
    };

    if (!check()) {
      intervalId = setInterval(check, period);
      // Lands "Time's up!" on the deadline itself rather than up to one period later.
      const untilDeadline = deadline - Date.now();
      if (untilDeadline <= MAX_TIMEOUT_MS) timeoutId = setTimeout(check, untilDeadline);
    }
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pageshow', onVisibilityChange);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pageshow', onVisibilityChange);
    };
  }, [deadline, period]);

  if (deadline === null) return { remainingMs: 0, isElapsed: false };
  const remainingMs = Math.max(0, deadline - now);
  return { remainingMs, isElapsed: remainingMs === 0 };
}
