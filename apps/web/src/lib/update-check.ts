/**
 * docs/product.md C2: ask builds/latest.json every 60 minutes, and when the tab becomes visible
 * again after at least that long, whether a newer build is out; if so, say so once.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface UpdateCheckOptions {
  currentBuildId: string;
  fetchLatestId: () => Promise<string | undefined>;
  onNewVersion: (latestId: string) => void;
  now?: () => number;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

export function fetchLatestBuildId(): Promise<string | undefined> {
  return fetch('/builds/latest.json', { cache: 'no-store' })
    .then((response) => (response.ok ? (response.json() as Promise<{ id?: unknown }>) : undefined))
    .then((latest) => (typeof latest?.id === 'string' ? latest.id : undefined))
    .catch(() => undefined);
}

/** Starts polling; returns a function that stops it. */
export function startUpdateCheck({
  currentBuildId,
  fetchLatestId,
  onNewVersion,
  now = () => Date.now(),
  doc = document,
}: UpdateCheckOptions): () => void {
  let lastCheck = now();
  let announced = false;

  const check = async () => {
    lastCheck = now();
    const latest = await fetchLatestId();
    if (!announced && latest && latest !== currentBuildId) {
      announced = true;
      onNewVersion(latest);
    }
  };
  const timer = setInterval(() => void check(), UPDATE_CHECK_INTERVAL_MS);
  const onVisibility = () => {
    if (doc.visibilityState === 'visible' && now() - lastCheck >= UPDATE_CHECK_INTERVAL_MS) void check();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
