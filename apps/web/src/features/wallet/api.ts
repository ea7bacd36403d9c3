import { useEffect, useState } from 'react';
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BankAccount,
  BooksKeys,
  PeriodBalances,
  RechargeChannel,
  RechargeOrder,
  StatementEventPage,
  Wallet,
  Withdrawal,
  WithdrawalQuote,
} from '@orchard/shared';
import { ApiError, apiFetch } from '../../lib/api-client';
import { useIntentKey } from '../../lib/intent-key';
import { isLiveConnected } from '../../lib/live-events';
import { knownStatementFilters } from './logic';

/**
 * Wallet, statement and recharge data (operationIds in comments). Route loaders import this
 * file, so it stays small and zod-free: types only from the shared contracts.
 */
export type { BankAccount, RechargeChannel, RechargeOrder, StatementEventPage, Wallet, Withdrawal, WithdrawalQuote };
export interface RechargeOrderPage {
  items: RechargeOrder[];
  nextCursor: string | null;
}

/** Statement filters as they live in the URL of /trx/log; `type` is an event kind (the API's `kind`). */
export interface StatementFilters {
  type?: string;
  from?: string;
  to?: string;
}

export const walletKeys = {
  all: ['wallet'] as const,
  wallet: () => ['wallet', 'balance'] as const,
  recent: () => ['wallet', 'recent'] as const,
  statement: (filters: StatementFilters) => ['wallet', 'statement', filters] as const,
  period: (from?: string, to?: string) => ['wallet', 'period', from ?? null, to ?? null] as const,
};
export const rechargeKeys = {
  all: ['recharge'] as const,
  channels: () => ['recharge', 'channels'] as const,
  orders: () => ['recharge', 'orders'] as const,
  open: () => ['recharge', 'open'] as const,
  order: (id: string) => ['recharge', 'order', id] as const,
};

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** getWallet */
export const walletQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.wallet(), queryFn: ({ signal }) => apiFetch<Wallet>('/wallet', { signal }), staleTime: 10_000 });

/** listStatementEvents, the newest five for /home. */
export const recentActivityQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.recent(),
    queryFn: ({ signal }) => apiFetch<StatementEventPage>('/wallet/events?limit=5', { signal }),
    staleTime: 10_000,
  });

const STATEMENT_PAGE_SIZE = 25;

/** The API's query for the address's filters: the event kind goes as `kind`. */
function eventQuery(filters: StatementFilters): Record<string, string | undefined> {
  return { kind: filters.type, from: filters.from, to: filters.to };
}

/** listStatementEvents with keyset pagination ("Load more" passes nextCursor); a kind that does not exist is left out. */
export const statementQueryOptions = (search: StatementFilters) => {
  const filters = knownStatementFilters(search);
  return infiniteQueryOptions({
    queryKey: walletKeys.statement(filters),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<StatementEventPage>(
        `/wallet/events${query({ ...eventQuery(filters), cursor: pageParam, limit: String(STATEMENT_PAGE_SIZE) })}`,
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 10_000,
  });
};

/** getPeriodBalances: the statement period's opening and closing balances (with a date filter only). */
export const periodBalancesQueryOptions = (filters: StatementFilters) =>
  queryOptions({
    queryKey: walletKeys.period(filters.from, filters.to),
    queryFn: ({ signal }) =>
      apiFetch<PeriodBalances>(`/wallet/period-balances${query({ from: filters.from, to: filters.to })}`, { signal }),
    staleTime: 10_000,
  });

/** exportStatementEvents: a plain link, so the browser streams the file to disk (one row per event). */
export function statementExportHref(apiBaseUrl: string, filters: StatementFilters): string {
  return `${apiBaseUrl}/wallet/events/export${query(eventQuery(knownStatementFilters(filters)))}`;
}

/** exportTransactions: every ledger entry behind the events, for an accountant (dates only: entries have no event kind). */
export function entriesExportHref(apiBaseUrl: string, filters: StatementFilters): string {
  return `${apiBaseUrl}/wallet/transactions/export${query({ from: filters.from, to: filters.to })}`;
}

/** getVerifiableStatement: the sealed days of the filters' period (docs/decisions/0028), as a file to keep. */
export function verifiableStatementHref(apiBaseUrl: string, filters: StatementFilters): string {
  return `${apiBaseUrl}/books/statement${query({ from: filters.from, to: filters.to })}`;
}

/** getBooksKeys: the operator's published key; offline it fails, and /verify says it checked with the file's own. */
export const booksKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['books', 'keys'] as const,
    queryFn: ({ signal }) => apiFetch<BooksKeys>('/books/keys', { signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** listRechargeChannels */
export const rechargeChannelsQueryOptions = () =>
  queryOptions({
    queryKey: rechargeKeys.channels(),
    queryFn: ({ signal }) => apiFetch<{ items: RechargeChannel[] }>('/recharge/channels', { signal }),
    staleTime: 60_000,
  });

/** listRechargeOrders, newest first. */
export const rechargeOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: rechargeKeys.orders(),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<RechargeOrderPage>(`/recharge/orders${query({ cursor: pageParam, limit: '20' })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 10_000,
  });

const OPEN_STATUSES = new Set(['awaiting_payment', 'submitted']);

/**
 * The member's orders still in progress (awaiting payment or submitted), newest first, for /home:
 * a payment sent for review must stay visible there so nobody pays twice. Open orders are few
 * (each expires), so the newest 20 are enough.
 */
export const openRechargeOrdersQueryOptions = () =>
  queryOptions({
    queryKey: rechargeKeys.open(),
    queryFn: async ({ signal }) => {
      const page = await apiFetch<RechargeOrderPage>('/recharge/orders?limit=20', { signal });
      return page.items.filter((order) => OPEN_STATUSES.has(order.status));
    },
    staleTime: 10_000,
  });

/**
 * getRechargeOrder: while the order is open its changes arrive as live events (lib/live-events.ts);
 * without a live stream it is polled every 5 s instead.
 */
export const rechargeOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: rechargeKeys.order(id),
    queryFn: ({ signal }) => apiFetch<RechargeOrder>(`/recharge/orders/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) => (!isLiveConnected() && q.state.data && OPEN_STATUSES.has(q.state.data.status) ? 5_000 : false),
    refetchOnWindowFocus: true,
  });

/** createRechargeOrder (money-moving intent: the caller keeps one key per intent). */
const createRechargeOrder = (body: { channel: string; amount: number }, idempotencyKey: string) =>
  apiFetch<RechargeOrder>('/recharge/orders', { method: 'POST', body, idempotencyKey });

/** submitRechargePayment */
export const submitRechargePayment = (id: string, payerReference: string) =>
  apiFetch<RechargeOrder>(`/recharge/orders/${encodeURIComponent(id)}/submit`, { method: 'POST', body: { payerReference } });

/**
 * cancelRechargeOrder: the order's new state goes into its cache. A 409 means it moved on
 * (expired, paid, cancelled elsewhere): its real state is fetched again. `onSettled` after either.
 */
export function useCancelRechargeOrder(id: string, { onSuccess, onSettled }: { onSuccess: () => void; onSettled: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<RechargeOrder>(`/recharge/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: (next) => {
      onSettled();
      queryClient.setQueryData(rechargeKeys.order(id), next);
      onSuccess();
    },
    onError: (error) => {
      onSettled();
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: rechargeKeys.order(id) });
    },
  });
}

// ---------------------------------------------------------------- withdrawals (/withdraw…)

export interface WithdrawalPage {
  items: Withdrawal[];
  nextCursor: string | null;
}

const withdrawKeys = {
  all: ['withdraw'] as const,
  accounts: () => ['withdraw', 'accounts'] as const,
  quote: (amount: number) => ['withdraw', 'quote', amount] as const,
  history: () => ['withdraw', 'history'] as const,
};

/** listBankAccounts */
export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: withdrawKeys.accounts(),
    queryFn: ({ signal }) => apiFetch<{ items: BankAccount[]; max: number; serverTime: string }>('/me/bank-accounts', { signal }),
    staleTime: 30_000,
  });

/** quoteWithdrawal: fee, net, limits and what is left today, from the server's own rules. */
const withdrawalQuoteQueryOptions = (amount: number) =>
  queryOptions({
    queryKey: withdrawKeys.quote(amount),
    queryFn: ({ signal }) => apiFetch<WithdrawalQuote>(`/withdrawals/quote?amount=${amount}`, { signal }),
    staleTime: 10_000,
  });

/** listWithdrawals, newest first. */
export const withdrawalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: withdrawKeys.history(),
    queryFn: ({ signal, pageParam }) => apiFetch<WithdrawalPage>(`/withdrawals${query({ cursor: pageParam, limit: '20' })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 10_000,
  });

export interface NewBankAccount {
  holderName: string;
  bankName: string;
  country: string;
  number: string;
  label?: string | null;
  isDefault?: boolean;
}

/** createBankAccount */
export const createBankAccount = (body: NewBankAccount) => apiFetch<BankAccount>('/me/bank-accounts', { method: 'POST', body });

/** updateBankAccount: make it the default. */
export const makeDefaultBankAccount = (id: string) =>
  apiFetch<BankAccount>(`/me/bank-accounts/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isDefault: true } });

/** updateBankAccount: its label (null clears it). */
export const renameBankAccount = (id: string, label: string | null) =>
  apiFetch<BankAccount>(`/me/bank-accounts/${encodeURIComponent(id)}`, { method: 'PATCH', body: { label } });

/** deleteBankAccount */
export const deleteBankAccount = (id: string) => apiFetch<null>(`/me/bank-accounts/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** stepUp: the password again, for this session, a few minutes. */
const stepUp = (password: string) => apiFetch<{ validUntil: string }>('/me/step-up', { method: 'POST', body: { password } });

/** createWithdrawal (money-moving intent: the caller keeps one key per intent). */
const createWithdrawal = (body: { bankAccountId: string; amount: number }, idempotencyKey: string) =>
  apiFetch<Withdrawal>('/withdrawals', { method: 'POST', body, idempotencyKey });

/** cancelWithdrawal */
const cancelWithdrawal = (id: string) => apiFetch<Withdrawal>(`/withdrawals/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

/** After a withdrawal moves money, everything that shows balances or the history is stale. */
function useWithdrawalsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  };
}

/** The largest amount the withdraw form sends or asks a quote for. */
export const WITHDRAW_AMOUNT_CEILING = 1_000_000_000_000;

/** The server's quote for the amount typed (minor units or null), asked a moment after the typing stops. */
export function useWithdrawalQuote(typed: number | null) {
  const [quoted, setQuoted] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuoted(typed !== null && typed > 0 && typed <= WITHDRAW_AMOUNT_CEILING ? typed : null), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const quote = useQuery({ ...withdrawalQuoteQueryOptions(quoted ?? 0), enabled: quoted !== null });
  return { quote, quoted };
}

interface WithdrawalRequest {
  bankAccountId: string;
  amount: number;
  expectedFee: number;
  /** The password for the step-up; without it, the member steps up with a passkey. */
  password?: string;
}

/**
 * createWithdrawal after the step-up, with one Idempotency-Key per intent (account + amount + fee):
 * a retry of the same request reuses it, a change makes a new one. The passkey step-up is passed
 * in, so that this file, which the route loaders import, does not load the WebAuthn library.
 */
export function useCreateWithdrawal({
  stepUpWithPasskey,
  onSuccess,
  onError,
}: {
  stepUpWithPasskey: () => Promise<unknown>;
  onSuccess: (withdrawal: Withdrawal) => Promise<void>;
  onError: (error: Error) => void;
}) {
  const changed = useWithdrawalsChanged();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: async (body: WithdrawalRequest) => {
      if (body.password) await stepUp(body.password);
      else await stepUpWithPasskey();
      // The fee the member was shown: another fee now is a 409 FEE_CHANGED, never charged silently.
      const request = { bankAccountId: body.bankAccountId, amount: body.amount, expectedFee: body.expectedFee };
      return intent.run(request, (key) => createWithdrawal(request, key));
    },
    onSuccess: async (withdrawal) => {
      changed();
      await onSuccess(withdrawal);
    },
    onError,
  });
}

/** cancelWithdrawal, then the balances and the history are fetched again (after a refusal too: it may have moved on). */
export function useCancelWithdrawal(id: string, { onSuccess, onError }: { onSuccess: () => void; onError: (error: Error) => void }) {
  const changed = useWithdrawalsChanged();
  return useMutation({
    mutationFn: () => cancelWithdrawal(id),
    onSuccess: () => {
      changed();
      onSuccess();
    },
    onError: (error) => {
      onError(error);
      changed();
    },
  });
}

/** A change to the member's bank accounts (add, rename, make default, remove); on success everything that shows them is read again. */
export function useBankAccountChange<Vars = void>(
  mutationFn: (vars: Vars) => Promise<unknown>,
  { onSuccess, onError }: { onSuccess: () => void; onError: (error: Error) => void },
) {
  const changed = useWithdrawalsChanged();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      changed();
      onSuccess();
    },
    onError,
  });
}

/**
 * createRechargeOrder with one Idempotency-Key per intent (channel + amount): a retry of the same
 * order reuses it, a change makes a new one. The new order goes into the cache before the page moves to it.
 */
export function useCreateRechargeOrder({
  onSuccess,
  onError,
}: {
  onSuccess: (order: RechargeOrder) => Promise<void>;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (body: { channel: string; amount: number }) => intent.run(body, (key) => createRechargeOrder(body, key)),
    onSuccess: async (order) => {
      queryClient.setQueryData(rechargeKeys.order(order.id), order);
      void queryClient.invalidateQueries({ queryKey: rechargeKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: rechargeKeys.open() });
      await onSuccess(order);
    },
    onError,
  });
}
