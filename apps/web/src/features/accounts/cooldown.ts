import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `until` (an ISO time), never below 0. */
export function secondsUntil(until: string | undefined, now = Date.now()): number {
  if (!until) return 0;
  const at = Date.parse(until);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** `0:59`, `1:00`, `12:05`: a short clock for a wait. */
export function formatWait(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The seconds left until `until`, ticking every second while above zero. */
export function useSecondsUntil(until: string | undefined): number {
  const [state, setState] = useState(() => ({ until, left: secondsUntil(until) }));
  // A new deadline (a code was resent) shows at once, not a second later.
  if (state.until !== until) setState({ until, left: secondsUntil(until) });
  useEffect(() => {
    if (secondsUntil(until) === 0) return;
    const timer = window.setInterval(() => {
      const left = secondsUntil(until);
      setState({ until, left });
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return state.left;
}
