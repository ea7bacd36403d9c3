import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Commission } from '@orchard/shared';
import type { AdminPurchase } from './api';
import { intentKeys } from '../../lib/intent-key';
import { useAdminPlansMessages } from './messages';
import { CommissionStatus, RefundSheet } from './purchase-sheets';

const purchase: AdminPurchase = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  plan: { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Starter', durationDays: 30 },
  currency: 'USD',
  price: 2_500,
  discount: 0,
  paid: 2_500,
  couponCode: null,
  status: 'active',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  refundedAt: null,
  refundReason: null,
  serverTime: '2026-11-02T00:00:00.000Z',
  member: { id: '16fd2706-8baf-433b-82eb-8c7fada847da', displayName: 'Ada Member', email: 'ada@example.com', phone: null },
  commissions: [],
  refundableWithoutOverride: true,
  refundWindowEndsAt: '2026-11-08T00:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSheet(overrides: Partial<AdminPurchase> = {}) {
  let next = 0;
  const keys = intentKeys(() => `key-${++next}`);
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RefundSheet
        purchase={{ ...purchase, ...overrides }}
        send={(body, request) => keys.run(purchase.id, body, request)}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onClose };
}

const sent = (fetch: ReturnType<typeof vi.fn>, index: number) => {
  const [url, init] = fetch.mock.calls[index] as [string, RequestInit];
  return { url, body: JSON.parse(String(init.body)), key: (init.headers as Record<string, string>)['idempotency-key'] };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RefundSheet', () => {
  it('asks a reason, restates the amount, and refunds with an idempotency key', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, { ...purchase, status: 'refunded' }));
    vi.stubGlobal('fetch', fetch);
    const { onClose } = renderSheet();
    const dialog = await screen.findByRole('dialog', { name: 'Refund $25.00 to Ada Member?' }, { timeout: 5000 });
    expect(dialog.textContent).toContain('Back to the member');
    // No override offered while the purchase is inside its window with nothing released.
    expect(screen.queryByRole('checkbox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Refund $25.00' }));
    expect(await screen.findByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Bought twice by mistake' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund $25.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const request = sent(fetch, 0);
    expect(request.url).toBe(`/api/v1/admin/purchases/${purchase.id}/refund`);
    expect(request.body).toEqual({ reason: 'Bought twice by mistake', override: false });
    expect(request.key).toBe('key-1');
  });

  it('offers the override with its warning when the server refuses, and sends it as a new intent', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(409, { error: { code: 'REFUND_NOT_ALLOWED', message: 'This purchase cannot be refunded.' } }))
      .mockResolvedValueOnce(json(200, { ...purchase, status: 'refunded' }));
    vi.stubGlobal('fetch', fetch);
    const { onClose } = renderSheet();
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Member complaint' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund $25.00' }));

    const override = await screen.findByRole('checkbox', { name: 'Refund anyway and take released commissions back' });
    expect(screen.getByRole('alert').textContent).toContain('can no longer be refunded the usual way');
    expect(override.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(override.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain(
      'what they do not have becomes a debt',
    );

    // Not ticked: refused here, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Refund $25.00' }));
    expect(await screen.findByText(/Tick this to refund past the window/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.click(override);
    fireEvent.click(screen.getByRole('button', { name: 'Refund $25.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(fetch, 0)).toMatchObject({ body: { override: false }, key: 'key-1' });
    expect(sent(fetch, 1)).toMatchObject({ body: { reason: 'Member complaint', override: true }, key: 'key-2' });
  });

  it('shows the override from the start when the purchase is past its window', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderSheet({ refundableWithoutOverride: false });
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(screen.getByRole('checkbox', { name: 'Refund anyway and take released commissions back' })).toBeTruthy();
  });
});

describe('CommissionStatus', () => {
  const pending: Commission = {
    level: 1,
    beneficiary: { id: '16fd2706-8baf-433b-82eb-8c7fada847da', displayName: 'Upline' },
    rateBp: 1000,
    amount: 250,
    status: 'pending',
    skipReason: null,
    releaseAt: '2026-11-08T00:00:00.000Z',
    releasedAt: null,
    releaseFailure: null,
  };
  function Status({ row }: { row: Commission }) {
    const { t } = useAdminPlansMessages();
    return <CommissionStatus row={row} t={t} />;
  }

  it('says why a release failed, how many attempts, and when the next one comes', () => {
    render(
      <Status
        row={{
          ...pending,
          releaseFailure: {
            error: 'BALANCE_LIMIT',
            failures: 3,
            failedAt: '2026-11-08T00:07:00.000Z',
            nextAttemptAt: '2026-11-08T00:15:00.000Z',
          },
        }}
      />,
    );
    const line = screen.getByTestId('release-failure').textContent ?? '';
    expect(line).toMatch(/^Release failed: the upline’s wallet would pass the balance ceiling\. 3 attempts so far; next try /);
  });

  it("shows the database's own text for a failure it has no words for, and nothing for a release that did not fail", () => {
    const { unmount } = render(
      <Status
        row={{
          ...pending,
          releaseFailure: {
            error: 'P0001: boom',
            failures: 1,
            failedAt: '2026-11-08T00:00:00.000Z',
            nextAttemptAt: '2026-11-08T00:01:00.000Z',
          },
        }}
      />,
    );
    expect(screen.getByTestId('release-failure').textContent).toMatch(/^Release failed: error P0001: boom\. 1 attempt so far;/);
    unmount();
    render(<Status row={pending} />);
    expect(screen.queryByTestId('release-failure')).toBeNull();
  });
});
