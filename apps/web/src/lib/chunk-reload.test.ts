import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

/** A sessionStorage that outlives the "page": the guard must survive the reload it causes. */
function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
}

describe('chunk-load reload guard (docs/product.md E4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('is 10 seconds', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
  });

  it('reloads on the first failure and records when', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError({ storage, now: () => Date.now(), reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.map.get(CHUNK_RELOAD_KEY)).toBe(String(Date.now()));
  });

  it('does not reload again within 10 s of the last reload (state kept across the reload)', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const deps = { storage, now: () => Date.now(), reload };
    reloadAfterChunkError(deps);
    vi.advanceTimersByTime(9_999);
    expect(reloadAfterChunkError(deps)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once 10 s have passed', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const deps = { storage, now: () => Date.now(), reload };
    reloadAfterChunkError(deps);
    vi.advanceTimersByTime(10_000);
    expect(reloadAfterChunkError(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when storage is unavailable (no guard means a possible loop)', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(reloadAfterChunkError({ storage, now: () => Date.now(), reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('recognises the browsers’ chunk-load failures and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
