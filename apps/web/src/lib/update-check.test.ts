import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUpdateCheck, UPDATE_CHECK_INTERVAL_MS } from './update-check';

function fakeDocument() {
  const listeners = new Set<() => void>();
  return {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => void listeners.delete(listener),
    fire() {
      for (const listener of listeners) listener();
    },
  };
}

describe('build update check (docs/product.md C2)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 60 minutes', async () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(3_600_000);
    const fetchLatestId = vi.fn(async () => 'same');
    const stop = startUpdateCheck({
      currentBuildId: 'same',
      fetchLatestId,
      onNewVersion: vi.fn(),
      now: () => Date.now(),
      doc: fakeDocument() as never,
    });
    await vi.advanceTimersByTimeAsync(3_599_999);
    expect(fetchLatestId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatestId).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(fetchLatestId).toHaveBeenCalledTimes(2);
    stop();
  });

  it('offers the reload once when the id differs', async () => {
    const onNewVersion = vi.fn();
    const stop = startUpdateCheck({
      currentBuildId: 'old',
      fetchLatestId: async () => 'new',
      onNewVersion,
      now: () => Date.now(),
      doc: fakeDocument() as never,
    });
    await vi.advanceTimersByTimeAsync(3 * 3_600_000);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    expect(onNewVersion).toHaveBeenCalledWith('new');
    stop();
  });

  it('checks when the tab becomes visible after at least 60 minutes, not sooner', async () => {
    const doc = fakeDocument();
    const fetchLatestId = vi.fn(async () => 'same');
    let now = 0;
    const stop = startUpdateCheck({ currentBuildId: 'same', fetchLatestId, onNewVersion: vi.fn(), now: () => now, doc: doc as never });
    now = 59 * 60_000;
    doc.fire();
    expect(fetchLatestId).not.toHaveBeenCalled();
    now = 60 * 60_000;
    doc.visibilityState = 'hidden';
    doc.fire();
    expect(fetchLatestId).not.toHaveBeenCalled();
    doc.visibilityState = 'visible';
    doc.fire();
    expect(fetchLatestId).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops polling when stopped', async () => {
    const fetchLatestId = vi.fn(async () => 'same');
    const stop = startUpdateCheck({
      currentBuildId: 'same',
      fetchLatestId,
      onNewVersion: vi.fn(),
      now: () => Date.now(),
      doc: fakeDocument() as never,
    });
    stop();
    await vi.advanceTimersByTimeAsync(5 * 3_600_000);
    expect(fetchLatestId).not.toHaveBeenCalled();
  });
});
