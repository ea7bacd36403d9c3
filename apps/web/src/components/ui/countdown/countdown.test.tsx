import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown';

const NOW = new Date('2025-03-15T12:00:00.000Z').getTime();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

function digits(container: HTMLElement) {
  const read = (unit: string) => container.querySelector(`[data-unit="${unit}"]`)?.textContent ?? null;
  return { days: read('days'), hours: read('hours'), minutes: read('minutes'), seconds: read('seconds') };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('<Countdown> (docs/product.md W1)', () => {
  it('counts to 32 days from now when no deadline is given', () => {
    const { container } = render(<Countdown />);
    expect(digits(container)).toEqual({ days: '32', hours: '00', minutes: '00', seconds: '00' });
    advance(1000);
    expect(digits(container)).toEqual({ days: '31', hours: '23', minutes: '59', seconds: '59' });
  });

  it('keeps the default deadline fixed across re-renders', () => {
    const { container, rerender } = render(<Countdown />);
    vi.setSystemTime(NOW + 5 * S); // clock moves without a tick
    rerender(<Countdown labelText="x" />);
    advance(1000);
    expect(digits(container).days).toBe('31');
    expect(digits(container).seconds).toBe('54');
  });

  it('ticks every 1000 ms by default', () => {
    const { container } = render(<Countdown deadline={NOW + 10 * S} />);
    expect(digits(container).seconds).toBe('10');
    advance(999);
    expect(digits(container).seconds).toBe('10');
    advance(1);
    expect(digits(container).seconds).toBe('09');
    advance(1000);
    expect(digits(container).seconds).toBe('08');
  });

  it('ticks at a custom interval', () => {
    const { container } = render(<Countdown deadline={NOW + H} interval={5000} />);
    expect(digits(container)).toMatchObject({ hours: '01', minutes: '00', seconds: '00' });
    advance(4999);
    expect(digits(container)).toMatchObject({ hours: '01', minutes: '00', seconds: '00' });
    advance(1);
    expect(digits(container)).toMatchObject({ hours: '00', minutes: '59', seconds: '55' });
  });

  it('accepts Date, epoch ms and ISO deadlines', () => {
    const deadline = NOW + 2 * D + 4 * H + 5 * M + 6 * S;
    const expected = { days: '02', hours: '04', minutes: '05', seconds: '06' };
    for (const value of [new Date(deadline), deadline, new Date(deadline).toISOString()]) {
      const { container, unmount } = render(<Countdown deadline={value} />);
      expect(digits(container)).toEqual(expected);
      unmount();
    }
  });

  it('labels the units Days, Hours, Minutes, Seconds by default', () => {
    render(<Countdown deadline={NOW + D} />);
    for (const label of ['Days', 'Hours', 'Minutes', 'Seconds']) expect(screen.getByText(label)).toBeTruthy();
  });

  it('takes translated labels, keeping defaults for the ones not given', () => {
    render(<Countdown deadline={NOW + D} labels={{ days: 'Tage', hours: 'Stunden' }} />);
    expect(screen.getByText('Tage')).toBeTruthy();
    expect(screen.getByText('Stunden')).toBeTruthy();
    expect(screen.getByText('Minutes')).toBeTruthy();
    expect(screen.queryByText('Days')).toBeNull();
  });

  it('shows only the units asked for; the largest absorbs the hidden ones', () => {
    const { container } = render(<Countdown deadline={NOW + 2 * D + 3 * H + 4 * M + 5 * S} show={['hours', 'minutes']} />);
    expect(digits(container)).toEqual({ days: null, hours: '51', minutes: '04', seconds: null });
    expect(screen.queryByText('Days')).toBeNull();
    expect(screen.queryByText('Seconds')).toBeNull();
  });

  it("shows `Time's up!` at zero, not before", () => {
    const { container } = render(<Countdown deadline={NOW + 3 * S} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    advance(2000);
    expect(screen.queryByText("Time's up!")).toBeNull();
    advance(1000);
    expect(status.textContent).toBe("Time's up!");
    expect(digits(container)).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '00' });
  });

  it('shows a custom label text at zero', () => {
    render(<Countdown deadline={NOW + S} labelText="Sale over" />);
    advance(1000);
    expect(screen.getByRole('status').textContent).toBe('Sale over');
  });

  it('lands on zero at the deadline itself, between ticks', () => {
    const onTimeElapsed = vi.fn();
    render(<Countdown deadline={NOW + 2500} onTimeElapsed={onTimeElapsed} />);
    advance(2499);
    expect(onTimeElapsed).not.toHaveBeenCalled();
    advance(1);
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe("Time's up!");
  });

  it('fires onTimeElapsed exactly once', () => {
    const onTimeElapsed = vi.fn();
    const { rerender } = render(<Countdown deadline={new Date(NOW + 3 * S)} onTimeElapsed={onTimeElapsed} />);
    advance(2999);
    expect(onTimeElapsed).not.toHaveBeenCalled();
    advance(1);
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
    advance(60_000);
    // A parent re-rendering with an equal new Date and a new callback does not re-fire.
    const next = vi.fn();
    rerender(<Countdown deadline={new Date(NOW + 3 * S)} onTimeElapsed={next} />);
    setVisibility('visible');
    advance(60_000);
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
    expect(next).not.toHaveBeenCalled();
  });

  it('fires exactly once under StrictMode double effects', () => {
    const onTimeElapsed = vi.fn();
    render(
      <StrictMode>
        <Countdown deadline={NOW + S} onTimeElapsed={onTimeElapsed} />
      </StrictMode>,
    );
    advance(5000);
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
  });

  it('fires once when the tab slept past the deadline (clock jump, no ticks)', () => {
    const onTimeElapsed = vi.fn();
    const { container } = render(<Countdown deadline={NOW + M} onTimeElapsed={onTimeElapsed} />);
    setVisibility('hidden');
    // Background tab: timers frozen while the wall clock runs far past the deadline.
    vi.setSystemTime(NOW + 10 * M);
    expect(onTimeElapsed).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe("Time's up!");
    expect(digits(container).seconds).toBe('00');
    setVisibility('hidden');
    setVisibility('visible');
    advance(10_000);
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
  });

  it('fires once when throttled timers run late in one burst', () => {
    const onTimeElapsed = vi.fn();
    render(<Countdown deadline={NOW + 5 * S} onTimeElapsed={onTimeElapsed} />);
    advance(60 * M);
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
  });

  it('fires once at mount when the deadline has already passed', () => {
    const onTimeElapsed = vi.fn();
    render(<Countdown deadline={NOW - H} onTimeElapsed={onTimeElapsed} />);
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe("Time's up!");
    advance(5000);
    expect(onTimeElapsed).toHaveBeenCalledTimes(1);
  });

  it('counts again, and fires once more, for a new deadline', () => {
    const onTimeElapsed = vi.fn();
    const { container, rerender } = render(<Countdown deadline={NOW + S} onTimeElapsed={onTimeElapsed} />);
    advance(1000);
    rerender(<Countdown deadline={NOW + 5 * S} onTimeElapsed={onTimeElapsed} />);
    expect(digits(container).seconds).toBe('04');
    expect(screen.getByRole('status').textContent).toBe('');
    advance(4000);
    expect(onTimeElapsed).toHaveBeenCalledTimes(2);
  });

  it('stops its timers after the deadline and on unmount', () => {
    const { unmount } = render(<Countdown deadline={NOW + 2 * S} />);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    advance(2000);
    expect(vi.getTimerCount()).toBe(0);
    unmount();
    const second = render(<Countdown deadline={NOW + H} />);
    second.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('<Countdown> errors (docs/product.md W2)', () => {
  it('shows `Missing props deadline` for an explicit null, and logs it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Countdown deadline={null} />);
    expect(screen.getByRole('alert').textContent).toBe('Missing props deadline');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Missing props deadline'), null);
  });

  it('shows `Invalid props value, correct the deadline` for an unparsable one, and logs it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onTimeElapsed = vi.fn();
    render(<Countdown deadline="next friday-ish" onTimeElapsed={onTimeElapsed} />);
    expect(screen.getByRole('alert').textContent).toBe('Invalid props value, correct the deadline');
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Invalid props value, correct the deadline'), 'next friday-ish');
    advance(10_000);
    expect(onTimeElapsed).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('treats an invalid Date as invalid and recovers when a good deadline arrives', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container, rerender } = render(<Countdown deadline={new Date('nope')} />);
    expect(screen.getByRole('alert').textContent).toBe('Invalid props value, correct the deadline');
    rerender(<Countdown deadline={NOW + 90 * S} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(digits(container)).toMatchObject({ minutes: '01', seconds: '30' });
  });

  it('shows translated error texts when given', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Countdown deadline={null} errorMessages={{ missing: 'Keine Frist' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Keine Frist');
  });
});

describe('<Countdown> accessibility and motion', () => {
  it('is a timer that does not announce every second', () => {
    const { container } = render(<Countdown deadline={NOW + 2 * D + 4 * H + 5 * M + 30 * S} aria-label="Promotion ends in" />);
    const timer = screen.getByRole('timer', { name: 'Promotion ends in' });
    expect(timer.getAttribute('aria-live')).toBe('off');
    // The ticking digits are hidden from assistive tech …
    for (const unit of container.querySelectorAll('[data-unit]')) {
      expect(unit.closest('[aria-hidden="true"]')).not.toBeNull();
    }
    // … which reads a minute-precise text instead.
    const spoken = timer.querySelector('.sr-only');
    expect(spoken?.textContent).toBe('2 Days 4 Hours 5 Minutes');
    expect(spoken?.closest('[aria-hidden="true"]')).toBeNull();
    advance(29_000);
    expect(digits(container).seconds).toBe('01');
    expect(spoken?.textContent).toBe('2 Days 4 Hours 5 Minutes');
    advance(1000);
    expect(spoken?.textContent).toBe('2 Days 4 Hours 5 Minutes');
    advance(1000);
    expect(spoken?.textContent).toBe('2 Days 4 Hours 4 Minutes');
  });

  it('speaks the translated labels', () => {
    render(<Countdown deadline={NOW + H} show={['hours', 'minutes']} labels={{ hours: 'Stunden', minutes: 'Minuten' }} />);
    expect(screen.getByRole('timer').querySelector('.sr-only')?.textContent).toBe('1 Stunden 0 Minuten');
  });

  it('flips each changed digit with a CSS animation that motion-reduce turns off', () => {
    const { container } = render(<Countdown deadline={NOW + 10 * S} />);
    const before = container.querySelector('[data-unit="seconds"]');
    const minutesBefore = container.querySelector('[data-unit="minutes"]');
    expect(before?.className).toContain('motion-safe:animate-[orchard-countdown-flip_400ms_ease-out]');
    expect(before?.className).toContain('motion-reduce:animate-none');
    advance(1000);
    // A new element replays the animation; an unchanged unit keeps its element (no flip).
    expect(container.querySelector('[data-unit="seconds"]')).not.toBe(before);
    expect(container.querySelector('[data-unit="minutes"]')).toBe(minutesBefore);
  });

  it('does not animate with flip off', () => {
    const { container } = render(<Countdown deadline={NOW + 10 * S} flip={false} />);
    const before = container.querySelector('[data-unit="seconds"]');
    expect(before?.className).not.toContain('animate');
    advance(1000);
    expect(container.querySelector('[data-unit="seconds"]')).toBe(before);
    expect(before?.textContent).toBe('09');
  });

  it('uses the house surface, tabular figures and dark variants', () => {
    const { container } = render(<Countdown deadline={NOW + S} />);
    const root = container.firstElementChild as HTMLElement;
    for (const cls of ['bg-white', 'dark:bg-gray-900', 'text-gray-900', 'dark:text-gray-100', 'rounded-xl']) {
      expect(root.classList.contains(cls)).toBe(true);
    }
    expect(container.querySelector('.tabular-nums')).not.toBeNull();
    expect(screen.getByRole('status').className).toContain('text-green-600');
    expect(screen.getByRole('status').className).toContain('dark:text-green-500');
  });
});
