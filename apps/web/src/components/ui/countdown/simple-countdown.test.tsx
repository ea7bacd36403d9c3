import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimpleCountdown } from './simple-countdown';

const NOW = new Date('2025-03-15T12:00:00.000Z').getTime();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('<SimpleCountdown>', () => {
  it('reads like `2d 04:05:06` and ticks every 1000 ms', () => {
    render(<SimpleCountdown deadline={NOW + 2 * D + 4 * H + 5 * M + 6 * S} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('2d 04:05:06');
    advance(999);
    expect(timer.textContent).toBe('2d 04:05:06');
    advance(1);
    expect(timer.textContent).toBe('2d 04:05:05');
  });

  it('accepts ISO strings and can drop zero days', () => {
    render(<SimpleCountdown deadline={new Date(NOW + 15 * M).toISOString()} hideZeroDays />);
    expect(screen.getByRole('timer').textContent).toBe('00:15:00');
  });

  it("shows `Time's up!` at zero and fires onTimeElapsed once", () => {
    const onTimeElapsed = vi.fn();
    render(<SimpleCountdown deadline={NOW + 2 * S} onTimeElapsed={onTimeElapsed} />);
    advance(2000);
    expect(screen.getByRole('timer').textContent).toBe("Time's up!");
    advance(30_000);
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
  });

  it('fires once after the tab slept past the deadline', () => {
    const onTimeElapsed = vi.fn();
    render(<SimpleCountdown deadline={NOW + M} onTimeElapsed={onTimeElapsed} labelText="Expired" />);
    vi.setSystemTime(NOW + H);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('timer').textContent).toBe('Expired');
  });

  it('is a timer that is never announced each second', () => {
    render(<SimpleCountdown deadline={NOW + H} aria-label="Order expires in" />);
    const timer = screen.getByRole('timer', { name: 'Order expires in' });
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(timer.className).toContain('tabular-nums');
  });

  it.each([
    ['an unparsable string', 'soonish'],
    ['an invalid Date', new Date('nope')],
    ['null', null],
    ['undefined', undefined],
  ])('shows `Please provide valid date` for %s, and logs it', (_name, value) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<SimpleCountdown deadline={value} />);
    expect(screen.getByRole('alert').textContent).toBe('Please provide valid date');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Please provide valid date'), value);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a translated error text when given', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<SimpleCountdown deadline="x" errorMessage="Ungültiges Datum" />);
    expect(screen.getByRole('alert').textContent).toBe('Ungültiges Datum');
  });
});
