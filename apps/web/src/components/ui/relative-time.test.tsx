import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from './relative-time';

const NOW = new Date('2025-03-15T12:00:00.000Z');
const UTC: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };

describe('<RelativeTime>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders the relative wording in <time datetime> with the exact time as title', () => {
    const value = new Date(NOW.getTime() - 3 * 24 * 3600_000);
    render(<RelativeTime value={value} locale="en-US" exactFormat={UTC} className="text-sm" />);
    const time = screen.getByText('3 days ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2025-03-12T12:00:00.000Z');
    expect(time.getAttribute('title')).toBe(new Intl.DateTimeFormat('en-US', UTC).format(value));
    expect(time.getAttribute('title')).toMatch(/Mar 12, 2025/);
    expect(time.className).toBe('text-sm');
  });

  it('accepts an ISO string and a pinned now', () => {
    render(<RelativeTime value="2025-03-15T11:59:16.000Z" now="2025-03-15T12:00:00.000Z" />);
    expect(screen.getByText('a few seconds ago')).toBeTruthy();
  });

  it('moves on by itself as the clock advances (44 s → 45 s)', () => {
    render(<RelativeTime value={NOW.getTime() - 30_000} />);
    expect(screen.getByText('a few seconds ago')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(screen.getByText('a minute ago')).toBeTruthy();
  });

  it('shows the caller text, not "Invalid Date", for a bad value', () => {
    const { container } = render(<RelativeTime value="not a date" invalidText="unknown" />);
    const time = container.querySelector('time');
    expect(time?.textContent).toBe('unknown');
    expect(time?.hasAttribute('datetime')).toBe(false);
  });
});
