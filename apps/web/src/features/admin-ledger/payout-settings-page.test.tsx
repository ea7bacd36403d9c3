import { fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WithdrawalSettings } from '@orchard/shared';
import { formatMoney, formatPercent } from '../../lib/format';
import { useAdminLedgerMessages } from './messages';
import { payoutSettingsFormDefaults, payoutSettingsFormSchema, settingChanges } from './payout-settings-form';
import { SettingsForm } from './payout-settings-page';

const settings: WithdrawalSettings = {
  enabled: true,
  minAmount: 1_000,
  maxAmount: 1_000_000,
  dailyMax: 2_000_000,
  feeFixed: 0,
  feeBp: 100,
  cooldownHours: 24,
  payoutBusinessDays: 3,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function messages() {
  const { t } = renderHook(() => useAdminLedgerMessages()).result.current;
  const format = {
    money: (minor: number) => formatMoney(minor, { currency: 'USD', locale: 'en' }),
    percent: (bp: number) => formatPercent(bp, 'en'),
  };
  return { t, format };
}

function renderForm(currency = 'USD') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettingsForm settings={settings} currency={currency} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the withdrawal settings form (money in, integers out)', () => {
  it('shows the saved integers in the currency and in percent', () => {
    expect(payoutSettingsFormDefaults(settings, 2)).toMatchObject({
      minAmount: '10.00',
      maxAmount: '10000.00',
      feeFixed: '0.00',
      feeBp: '1',
    });
    expect(payoutSettingsFormDefaults(settings, 0)).toMatchObject({ minAmount: '1000', feeFixed: '0' });
  });

  it('sends minor units and basis points, and refuses what it would have to round', () => {
    const { t, format } = messages();
    const schema = payoutSettingsFormSchema(2, t, format);
    const typed = { ...payoutSettingsFormDefaults(settings, 2), minAmount: '15', feeFixed: '0.5', feeBp: '1.25' };
    expect(schema.parse(typed)).toMatchObject({ minAmount: 1_500, feeFixed: 50, feeBp: 125, cooldownHours: 24 });
    const refused = (field: string, value: string) => {
      const result = schema.safeParse({ ...typed, [field]: value });
      return result.success ? null : result.error.issues.find((issue) => issue.path[0] === field)?.message;
    };
    expect(refused('minAmount', '15.005')).toMatch(/no more decimals/);
    expect(refused('minAmount', '0')).toMatch(/Enter an amount/);
    expect(refused('maxAmount', '10000000000.01')).toMatch(/at most \$10,000,000,000\.00/);
    expect(refused('feeBp', '50.01')).toMatch(/at most 50%/);
    expect(refused('feeBp', '1.255')).toMatch(/at most 2 decimals/);
    expect(refused('maxAmount', '9.99')).toBe('Must be at least the minimum withdrawal.');
    expect(refused('payoutBusinessDays', '0')).toBe('Enter a whole number from 1 to 30.');
    expect(refused('feeFixed', '0')).toBeNull();
  });

  it('says each change before → after, in words, and nothing for what stays', () => {
    const { t, format } = messages();
    const after = { ...settings, enabled: false, minAmount: 1_500, feeBp: 150, cooldownHours: 48 };
    expect(settingChanges(settings, after, t, format).map((change) => `${change.label}: ${change.before} → ${change.after}`)).toEqual([
      'Withdrawals: open → closed',
      'Minimum withdrawal: $10.00 → $15.00',
      'Percentage fee: 1% → 1.5%',
      'Waiting time for a new bank account: 24 hours → 48 hours',
    ]);
    expect(settingChanges(settings, { ...settings, payoutBusinessDays: undefined }, t, format)).toEqual([]);
  });
});

describe('SettingsForm with its confirm sheet', () => {
  it('confirms before → after, then saves integers', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, { ...settings, minAmount: 1_500, feeBp: 150 }));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    expect((screen.getByLabelText('Minimum withdrawal') as HTMLInputElement).value).toBe('10.00');
    fireEvent.change(screen.getByLabelText('Minimum withdrawal'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Percentage fee'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save these withdrawal settings?' }, { timeout: 5000 });
    const terms = [...dialog.querySelectorAll('dt')].map((node) => node.textContent);
    const values = [...dialog.querySelectorAll('dd')].map((node) => node.textContent);
    expect(terms).toEqual(['Minimum withdrawal', 'Percentage fee']);
    expect(values).toEqual(['$10.00 → $15.00', '1% → 1.5%']);
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/admin/withdrawal-settings');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ ...settings, minAmount: 1_500, feeBp: 150 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes back without saving, and refuses a rounded amount under its field', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    fireEvent.change(screen.getByLabelText('Fixed fee'), { target: { value: '0.255' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/no more decimals than the currency has/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(screen.getByLabelText('Fixed fee'), { target: { value: '0.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('$0.00 → $0.25');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });

  it('follows the currency’s decimals (JPY has none)', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderForm('JPY');
    expect((screen.getByLabelText('Minimum withdrawal') as HTMLInputElement).value).toBe('1000');
  });
});
