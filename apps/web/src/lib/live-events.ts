import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { appConfig } from './config';

/**
 * Live updates (docs/decisions/0016): one server-sent event stream per signed-in tab
 * (GET /api/v1/events). Each event names what changed; the queries showing it refetch. The browser
 * reconnects by itself after a drop; each time the stream opens, everything live is refetched
 * (events sent before it was open are lost). While no stream is open, the screens that need it fall back to polling.
 */
const REFRESH: Record<string, readonly QueryKey[]> = {
  balance: [['wallet'], ['plans'], ['team']],
  order: [['recharge'], ['wallet']],
  withdrawal: [['withdraw'], ['wallet']],
  queues: [['admin']],
  inbox: [['notifications']],
};

let connected = false;
const listeners = new Set<() => void>();
function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}
/** Whether a live stream is open now. */
export const isLiveConnected = () => connected;
/** The same, as state: a screen that polls without a stream stops the moment one opens. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isLiveConnected,
    () => false,
  );
}

/**
 * One stream per tab, shared by every screen that wants live updates: opened a moment after the
 * page has loaded (the first paint never waits on it), kept while any screen uses it, closed a few
 * seconds after the last one goes (a navigation between pages does not reopen it).
 */
let users = 0;
let source: EventSource | undefined;
let openTimer: ReturnType<typeof setTimeout> | undefined;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Whether a query's key starts with one of these keys (plain strings). React Query's own
 * partialMatchKey compares objects deeply too; imported here it adds 0.5 KB to the first load.
 */
function matchesAny(queryKey: QueryKey, keys: readonly QueryKey[]): boolean {
  return keys.some((key) => key.every((part, index) => queryKey[index] === part));
}

function open(queryClient: QueryClient) {
  // One invalidation for all the keys: one round of notifications (and of renders) rather than one
  // per key, and a query under two keys (the wallet) is read once.
  const refresh = (keys: readonly QueryKey[]) =>
    void queryClient.invalidateQueries({ predicate: (query) => matchesAny(query.queryKey, keys) });
  const stream = new EventSource(`${appConfig.apiBaseUrl}/events`, { withCredentials: true });
  stream.addEventListener('ready', () => {
    setConnected(true);
    // What changed before the stream was open (it opens a second after the page, or reconnects
    // after a drop) was not announced, and a read may have been answered from a copy up to
    // READ_CACHE_MS old: what is on screen is read again once the stream is there.
    refresh(Object.values(REFRESH).flat());
  });
  for (const [kind, keys] of Object.entries(REFRESH)) stream.addEventListener(kind, () => refresh(keys));
  stream.addEventListener('error', () => setConnected(false));
  return stream;
}

function acquire(queryClient: QueryClient) {
  users += 1;
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = undefined;
  if (source || openTimer) return;
  const schedule = () => {
    openTimer = setTimeout(() => {
      openTimer = undefined;
      if (users > 0) source = open(queryClient);
    }, 1_000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

function release() {
  users -= 1;
  if (users > 0) return;
  closeTimer = setTimeout(() => {
    if (users > 0) return;
    if (openTimer) clearTimeout(openTimer);
    openTimer = undefined;
    source?.close();
    source = undefined;
    setConnected(false);
  }, 5_000);
}

/** Live updates while this screen is shown (signed-in screens and the console; `enabled` false for a visitor). */
export function useLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    acquire(queryClient);
    return release;
  }, [enabled, queryClient]);
}
