import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatementEvent } from '@orchard/shared';
import { EventRow } from './event-row';
import { eventFootnote, eventTone, isUndone } from './logic';

const at = '2026-03-02T10:00:00.000Z';
const later = '2026-03-03T09:30:00.000Z';
const entry = (
  id: number,
  type: StatementEvent['entries'][number]['type'],
  account: StatementEvent['entries'][number]['account'],
  amount: number,
  balanceAfter: number,
) => ({
  id: String(id),
  transactionId: String(id),
  type,
  account,
  amount,
  balanceAfter,
  memo: '',
  reference: null,
  createdAt: at,
});

const withdrawal = (state: StatementEvent['state'], extra: Partial<StatementEvent> = {}): StatementEvent => ({
  id: 'withdrawal:w1',
  kind: 'withdrawal',
  state,
  amount: -4_000,
  availableAfter: 6_000,
  availableEffect: -4_000,
  held: 0,
  reference: 'BANK-REF-7',
  memo: 'Withdrawal requested',
  occurredAt: at,
  updatedAt: later,
  timeline: [
    { state: 'requested', at },
    { state, at: later },
  ],
  entries: [
    entry(1, 'withdrawal_hold', 'available', -4_000, 6_000),
    entry(2, 'withdrawal_hold', 'on_hold', 4_000, 4_000),
    entry(3, 'withdrawal_paid', 'on_hold', -4_000, 0),
  ],
  ...extra,
});

describe('EventRow (one statement line per money event)', () => {
  it('shows a paid withdrawal as one line: its state, the amount out and the available balance after', () => {
    render(<EventRow event={withdrawal('paid')} />);
    const row = screen.getByRole('button', { name: /Withdrawal/ });
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(row.textContent).toContain('−$40.00');
    expect(row.textContent).toContain('Balance $60.00');
    expect(row.textContent).not.toContain('+$40.00');
    // The memo would only repeat the title: no "requested" under a paid withdrawal.
    expect(row.textContent).not.toContain('requested');
  });

  it('strikes through a returned withdrawal and shows what an open one holds', () => {
    const { unmount } = render(<EventRow event={withdrawal('returned', { availableEffect: 0 })} />);
    expect(screen.getByText('−$40.00').className).toContain('line-through');
    unmount();
    render(<EventRow event={withdrawal('requested', { held: 4_000, timeline: [{ state: 'requested', at }] })} />);
    expect(screen.getByText('Requested')).toBeTruthy();
    expect(screen.getByText('On hold $40.00')).toBeTruthy();
  });

  it('opens the detail sheet: what happened, when, the reference, the timeline and the entries behind it', async () => {
    render(<EventRow event={withdrawal('paid')} />);
    fireEvent.click(screen.getByRole('button', { name: /Withdrawal/ }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText('BANK-REF-7')).toBeTruthy();
    expect(within(sheet).getByText('Timeline')).toBeTruthy();
    expect(within(sheet).getAllByText('Paid').length).toBeGreaterThan(0);
    expect(within(sheet).getByText('Ledger entries')).toBeTruthy();
    // Each entry names its account.
    expect(within(sheet).getAllByText(/^On hold ·/).length).toBe(2);
    expect(within(sheet).getByText('Withdrawal paid')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('event helpers', () => {
  it('reads a pending commission as not yet available, a held withdrawal as held, anything else as the balance', () => {
    expect(eventFootnote({ kind: 'commission', state: 'pending', held: 0, availableAfter: 500 })).toEqual({
      key: 'statement.notYetAvailable',
    });
    expect(eventFootnote({ kind: 'withdrawal', state: 'processing', held: 900, availableAfter: 100 })).toEqual({
      key: 'statement.heldNow',
      amount: 900,
    });
    expect(eventFootnote({ kind: 'commission', state: 'available', held: 0, availableAfter: 700 })).toEqual({
      key: 'statement.balanceAfter',
      amount: 700,
    });
  });
  it('tones and undone states', () => {
    expect(eventTone('processing')).toBe('pending');
    expect(eventTone('paid')).toBe('success');
    expect(eventTone('returned')).toBe('neutral');
    expect(isUndone({ state: 'reversed' })).toBe(true);
    expect(isUndone({ state: 'refunded' })).toBe(false);
  });
});
