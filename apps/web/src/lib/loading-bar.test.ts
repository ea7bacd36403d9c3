import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { estimatedProgress, LOADING_BAR, LoadingBarController, type LoadingBarState } from './loading-bar';

describe('loading bar (docs/product.md L1…L3)', () => {
  let states: LoadingBarState[];
  let bar: LoadingBarController;
  const last = () => states.at(-1);

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    bar = new LoadingBarController((state) => states.push(state));
  });
  afterEach(() => {
    bar.dispose();
    vi.useRealTimers();
  });

  it('fixes the numbers: 3 px, 200 ms throttle, 2000 ms estimate, 500 ms hide, 400 ms reset', () => {
    expect(LOADING_BAR).toMatchObject({ heightPx: 3, throttleMs: 200, estimatedDurationMs: 2000, hideDelayMs: 500, resetDelayMs: 400 });
  });

  it('shows nothing for a navigation that ends inside the 200 ms throttle', () => {
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(5000);
    expect(states).toEqual([]);
  });

  it('appears at exactly 200 ms', () => {
    bar.start();
    vi.advanceTimersByTime(199);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: true, progress: 0 });
  });

  it('fills toward 100 % over the 2000 ms estimate without reaching it', () => {
    bar.start();
    vi.advanceTimersByTime(200 + 1000);
    const atOneSecond = last()!.progress;
    vi.advanceTimersByTime(1000);
    const atTwoSeconds = last()!.progress;
    vi.advanceTimersByTime(60_000);
    const muchLater = last()!.progress;
    expect(atOneSecond).toBeGreaterThan(30);
    expect(atTwoSeconds).toBeGreaterThan(atOneSecond);
    expect(atTwoSeconds).toBeCloseTo(estimatedProgress(2000), 5);
    expect(muchLater).toBeGreaterThan(atTwoSeconds);
    expect(muchLater).toBeLessThan(100);
    expect(last()!.visible).toBe(true);
  });

  it('completes to 100 %, hides 500 ms later and resets 400 ms after hiding', () => {
    bar.start();
    vi.advanceTimersByTime(700);
    bar.finish();
    expect(last()).toEqual({ visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(last()).toEqual({ visible: true, progress: 100 });
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: false, progress: 100 });
    vi.advanceTimersByTime(399);
    expect(last()).toEqual({ visible: false, progress: 100 });
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: false, progress: 0 });
  });

  it('stops creeping once finished', () => {
    bar.start();
    vi.advanceTimersByTime(600);
    bar.finish();
    const count = states.length;
    vi.advanceTimersByTime(10_000);
    // Only the hide and the reset follow.
    expect(states.length).toBe(count + 2);
  });

  it('a new navigation during the hide delay cancels the hide and starts over', () => {
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    vi.advanceTimersByTime(100);
    bar.start();
    vi.advanceTimersByTime(1000);
    expect(last()!.visible).toBe(true);
    expect(last()!.progress).toBeLessThan(100);
  });

  it('estimates 0 at the start and climbs monotonically below 100', () => {
    expect(estimatedProgress(0)).toBe(0);
    let previous = 0;
    for (let t = 100; t <= 20_000; t += 100) {
      const progress = estimatedProgress(t);
      expect(progress).toBeGreaterThan(previous);
      expect(progress).toBeLessThan(100);
      previous = progress;
    }
  });
});
