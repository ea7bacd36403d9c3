import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiError } from '../../lib/api-client';
import { ConfirmActions, ConfirmSheet } from './confirm-sheet';

/*
 * The console's step-up in the confirm sheet (lib/console-step-up.ts): a money action refused with
 * STEP_UP_REQUIRED shows the code form in the open sheet; the code taken, the same request (same
 * Idempotency-Key) goes again and its answer reaches the action. Back leaves it refused.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubServer() {
  const calls: { path: string; key: string | null }[] = [];
  let adjustments = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace('/api/v1', '');
      calls.push({ path, key: new Headers(init.headers).get('idempotency-key') });
      if (path === '/me/second-factor') return json(200, { totp: true, recoveryCodesLeft: 10, passkeys: 0, verified: true });
      if (path === '/me/second-factor/verify') return json(200, { totp: true, recoveryCodesLeft: 10, passkeys: 0, verified: true });
      adjustments += 1;
      return adjustments === 1
        ? json(403, { error: { code: 'STEP_UP_REQUIRED', message: 'Confirm it is you again with your second factor to move money.' } })
        : json(201, { id: 'adjusted' });
    }),
  );
  return calls;
}

function Harness({ onDone }: { onDone: (outcome: string) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ConfirmSheet open={open} onOpenChange={setOpen} title="Confirm adjustment">
        {(close) => (
          <ConfirmActions
            confirmLabel="Confirm $3.25"
            cancelLabel="Back"
            close={close}
            onConfirm={() =>
              apiFetch<{ id: string }>('/admin/members/m1/adjustments', { method: 'POST', body: { amount: 325 }, idempotencyKey: 'key-1' }).then(
                (answer) => onDone(answer.id),
                (error: unknown) => onDone(error instanceof ApiError ? error.code : 'other'),
              )
            }
          />
        )}
      </ConfirmSheet>
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ConfirmSheet step-up', () => {
  it('asks for the code in the sheet, then sends the same request again with the same key', async () => {
    const calls = stubServer();
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm $3.25' }, { timeout: 5000 }));
    const code = await screen.findByLabelText('Code', undefined, { timeout: 5000 });
    expect(screen.getByRole('dialog', { name: 'Confirm adjustment' }).textContent).toContain('Confirm it is you');
    fireEvent.input(code, { target: { value: '123456' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Confirm and continue' })));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('adjusted'));
    const adjustments = calls.filter((call) => call.path.startsWith('/admin/'));
    expect(adjustments).toEqual([
      { path: '/admin/members/m1/adjustments', key: 'key-1' },
      { path: '/admin/members/m1/adjustments', key: 'key-1' },
    ]);
    expect(calls.some((call) => call.path === '/me/second-factor/verify')).toBe(true);
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it('leaves the action refused when the person goes back', async () => {
    stubServer();
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm $3.25' }, { timeout: 5000 }));
    await screen.findByLabelText('Code', undefined, { timeout: 5000 });
    fireEvent.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('STEP_UP_REQUIRED'));
  });
});
