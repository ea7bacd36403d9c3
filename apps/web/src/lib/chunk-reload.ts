/**
 * docs/product.md E4: when a code chunk fails to load (usually a deploy replaced it), reload the
 * page once. A second failure within 10 s does not reload again; the guard survives the reload
 * because it lives in sessionStorage.
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_KEY = 'orchard:chunk-reload-at';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: string; message?: string };
  return name === 'ChunkLoadError' || CHUNK_ERROR.test(String(message ?? ''));
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

function defaultDeps(): ReloadDeps {
  return { storage: window.sessionStorage, now: () => Date.now(), reload: () => window.location.reload() };
}

/** Reloads unless one happened in the last 10 s; returns whether it reloaded. */
export function reloadAfterChunkError(deps: ReloadDeps = defaultDeps()): boolean {
  let last = Number.NaN;
  try {
    last = Number(deps.storage.getItem(CHUNK_RELOAD_KEY));
  } catch {
    // Storage can be unavailable (private mode); reloading without a guard could loop, so don't.
    return false;
  }
  const now = deps.now();
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    deps.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  deps.reload();
  return true;
}
