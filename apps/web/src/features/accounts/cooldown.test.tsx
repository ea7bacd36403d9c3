import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatWait, secondsUntil } from './cooldown';
import { ResendButton } from './resend-button';

describe('cool-down', () => {
  it('counts whole seconds up, never below zero, and reads bad times as over', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsUntil('2026-01-01T00:01:00Z', now)).toBe(60);
    expect(secondsUntil('2026-01-01T00:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2025-12-31T23:59:00Z', now)).toBe(0);
    expect(secondsUntil('not a time', now)).toBe(0);
    expect(secondsUntil(undefined, now)).toBe(0);
  });

  it('shows minutes and seconds', () => {
    expect(formatWait(59)).toBe('0:59');
    expect(formatWait(60)).toBe('1:00');
    expect(formatWait(605)).toBe('10:05');
  });
});

describe('ResendButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('is disabled with a visible timer until the cool-down ends, then enabled', () => {
    const onResend = vi.fn();
    render(<ResendButton until="2026-01-01T00:00:03Z" label="Send a new code" isBusy={false} onResend={onResend} />);
    const button = screen.getByRole('button', { name: 'Send a new code' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('timer').textContent).toContain('0:03');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toContain('0:02');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    button.click();
    expect(onResend).toHaveBeenCalledTimes(1);
  });
});
