import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminWithdrawal,
  BalancesAt,
  BooksSeals,
  IncrementalCheckResult,
  SealRunResult,
  AdjustBalanceBody,
  PayoutImportResult,
  AdjustmentResult,
  SentForApproval,
  LedgerReport,
  MemberDetail,
  MemberList,
  PaymentChannel,
  PayoutFile,
  PayoutQueueFilter,
  RechargeOrder,
  StatementEventPage,
  StatementPage,
  UpsertPaymentChannelBody,
  Wallet,
  UpdateWithdrawalSettingsBody,
  WithdrawalSettings,
} from '@orchard/shared';
import type { z } from 'zod';
import type { rechargeReviewPageSchema, rechargeReviewSchema } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { appConfig } from '../../lib/config';
import type { OrderFilter } from './search';

/**
 * Operator console data for recharge review, adjustments, ledger integrity and payment channels:
 * query options (route loaders import this file lazily) and mutation hooks, which invalidate
 * what they change by key.
 */
export type RechargeReview = z.infer<typeof rechargeReviewSchema>;
export type RechargeReviewPage = z.infer<typeof rechargeReviewPageSchema>;
export type {
  AdjustmentResult,
  AdminWithdrawal,
  BalancesAt,
  LedgerReport,
  PaymentChannel,
  PayoutFile,
  PayoutImportResult,
  PayoutQueueFilter,
  WithdrawalSettings,
};

const adminLedgerKeys = {
  reviews: () => ['admin', 'recharge-reviews'] as const,
  /** Under reviews(): a credit or a reject refreshes every filtered list too. */
  orders: (filter: OrderListFilter) => ['admin', 'recharge-reviews', filter] as const,
  memberWallet: (id: string) => ['admin', 'member-money', id, 'wallet'] as const,
  memberStatement: (id: string, kind?: string) => ['admin', 'member-money', id, 'statement', kind ?? null] as const,
  memberBalancesAt: (id: string, at: string) => ['admin', 'member-money', id, 'balances-at', at] as const,
  memberLedger: (id: string) => ['admin', 'member-money', id, 'ledger'] as const,
  memberMoney: (id: string) => ['admin', 'member-money', id] as const,
  member: (id: string) => ['admin', 'member', id] as const,
  /** Under reviews(): what invalidates the queue refreshes its size too. */
  reviewQueueSize: () => ['admin', 'recharge-reviews', 'size'] as const,
  report: () => ['admin', 'ledger-report'] as const,
  seals: () => ['admin', 'ledger-report', 'seals'] as const,
  channels: () => ['admin', 'payment-channels'] as const,
  members: (q: string) => ['admin', 'members', 'search', q] as const,
};

export interface OrderListFilter {
  status: OrderFilter;
  member?: string;
}

/** listRechargeReviews: the queue (submitted or flagged orders) by default, or orders by status and member; newest first. */
export const rechargeReviewsQueryOptions = (filter: OrderListFilter = { status: 'review' }, limit = 50) =>
  infiniteQueryOptions({
    queryKey: [...adminLedgerKeys.orders(filter), limit] as const,
    queryFn: ({ signal, pageParam }) => {
      const search = new URLSearchParams({ limit: String(limit) });
      if (filter.status !== 'review') search.set('status', filter.status);
      if (filter.member) search.set('member', filter.member);
      if (pageParam) search.set('cursor', pageParam);
      return apiFetch<RechargeReviewPage>(`/admin/recharge/reviews?${search}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 30_000,
  });

/** listRechargeReviews with one item: just the queue's size, for the console navigation. */
export const reviewQueueSizeQueryOptions = () =>
  queryOptions({
    queryKey: adminLedgerKeys.reviewQueueSize(),
    queryFn: async ({ signal }) => (await apiFetch<RechargeReviewPage>('/admin/recharge/reviews?limit=1', { signal })).total,
    refetchInterval: 30_000,
  });

/** getLedgerReport */
export const ledgerReportQueryOptions = () =>
  queryOptions({ queryKey: adminLedgerKeys.report(), queryFn: ({ signal }) => apiFetch<LedgerReport>('/admin/ledger/report', { signal }) });

/** listPaymentChannels */
export const paymentChannelsQueryOptions = () =>
  queryOptions({
    queryKey: adminLedgerKeys.channels(),
    queryFn: ({ signal }) => apiFetch<{ items: PaymentChannel[] }>('/admin/payment-channels', { signal }),
  });

/** getMemberWallet */
export const memberWalletQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminLedgerKeys.memberWallet(id),
    queryFn: ({ signal }) => apiFetch<Wallet>(`/admin/members/${encodeURIComponent(id)}/wallet`, { signal }),
  });

/** listMemberStatementEvents: the member's statement as they read it, one line per event ("Load more"), of one kind or all. */
export const memberStatementQueryOptions = (id: string, kind?: string) =>
  infiniteQueryOptions({
    queryKey: adminLedgerKeys.memberStatement(id, kind),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<StatementEventPage>(
        `/admin/members/${encodeURIComponent(id)}/events?limit=10${kind ? `&kind=${encodeURIComponent(kind)}` : ''}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** getMemberBalancesAt: the member's balances at the start of a day (UTC). */
export const memberBalancesAtQueryOptions = (id: string, at: string) =>
  queryOptions({
    queryKey: adminLedgerKeys.memberBalancesAt(id, at),
    queryFn: ({ signal }) =>
      apiFetch<BalancesAt>(`/admin/members/${encodeURIComponent(id)}/balances-at?at=${encodeURIComponent(at)}`, { signal }),
  });

/** listMemberTransactions: every ledger entry of the member, each account named, with that account's balance after ("Load more"). */
export const memberLedgerQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: adminLedgerKeys.memberLedger(id),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<StatementPage>(
        `/admin/members/${encodeURIComponent(id)}/transactions?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** getMember, for the member picked already when /admin/adjust opens from a member page. */
export const adjustMemberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminLedgerKeys.member(id),
    queryFn: ({ signal }) => apiFetch<MemberDetail>(`/admin/members/${encodeURIComponent(id)}`, { signal }),
  });

/** listMembers, for picking whom to adjust. */
export const memberSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminLedgerKeys.members(q),
    queryFn: ({ signal }) =>
      apiFetch<MemberList>(`/admin/members?limit=10&role=member${q ? `&q=${encodeURIComponent(q)}` : ''}`, { signal }),
    staleTime: 10_000,
  });

/** The member side's channel list (features do not import each other, so the key is spelled here). */
const memberChannelsKey = ['recharge', 'channels'] as const;

export type ReviewDecision =
  | { kind: 'credit'; orderId: string; note?: string; idempotencyKey: string }
  | { kind: 'reject'; orderId: string; reason: string; idempotencyKey: string };

/** creditRechargeOrder / rejectRechargeOrder (one idempotency key per operator intent). */
export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      apiFetch<RechargeOrder>(`/admin/recharge/orders/${encodeURIComponent(decision.orderId)}/${decision.kind}`, {
        method: 'POST',
        body: decision.kind === 'credit' ? (decision.note ? { note: decision.note } : {}) : { reason: decision.reason },
        idempotencyKey: decision.idempotencyKey,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.reviews() });
      void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.report() });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'member-money'] });
    },
  });
}

/** adjustBalance */
export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body, idempotencyKey }: { userId: string; body: AdjustBalanceBody; idempotencyKey: string }) =>
      // 201: the adjustment made; 202: over the approval threshold, the request a second person decides.
      apiFetch<AdjustmentResult | SentForApproval>(`/admin/members/${encodeURIComponent(userId)}/adjustments`, {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    onSuccess: (_, { userId }) => {
      void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.report() });
      void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.memberMoney(userId) });
    },
  });
}

/** upsertPaymentChannel: the console's list and the members' list both change. */
export function useUpsertPaymentChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: UpsertPaymentChannelBody }) =>
      apiFetch<PaymentChannel>(`/admin/payment-channels/${encodeURIComponent(code)}`, { method: 'PUT', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.channels() });
      void queryClient.invalidateQueries({ queryKey: memberChannelsKey });
    },
  });
}

// ---------------------------------------------------------------- payouts (withdrawals)

export interface PayoutPage {
  items: AdminWithdrawal[];
  nextCursor: string | null;
  total: number;
}

export interface PayoutDetails {
  holderName: string;
  bankName: string;
  country: string;
  number: string;
  numberKind: 'iban' | 'account';
  net: number;
  currency: string;
}

export const payoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (status: PayoutQueueFilter) => ['admin', 'payouts', status] as const,
  /** Under all: what invalidates the queue refreshes its size too. */
  queueSize: () => ['admin', 'payouts', 'size'] as const,
  /** Under all: an export refreshes the list of files with the queue. */
  files: () => ['admin', 'payouts', 'files'] as const,
  settings: () => ['admin', 'withdrawal-settings'] as const,
};

/**
 * listPayoutQueue: `open` (pending and processing, the queue) oldest first, likewise pending or
 * processing alone; a final state newest first.
 */
export const payoutsQueryOptions = (status: PayoutQueueFilter = 'open', limit = 50) =>
  infiniteQueryOptions({
    queryKey: [...payoutKeys.list(status), limit] as const,
    queryFn: ({ signal, pageParam }) => {
      const search = new URLSearchParams({ status, limit: String(limit) });
      if (pageParam) search.set('cursor', pageParam);
      return apiFetch<PayoutPage>(`/admin/withdrawals?${search}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 30_000,
  });

/** listPayoutQueue with one item: the open queue's size (pending and processing), for the console navigation. */
export const payoutQueueSizeQueryOptions = () =>
  queryOptions({
    queryKey: payoutKeys.queueSize(),
    queryFn: async ({ signal }) => (await apiFetch<PayoutPage>('/admin/withdrawals?status=open&limit=1', { signal })).total,
    refetchInterval: 30_000,
  });

/** listPayoutFiles: the payout files exported for the bank, newest first. */
export const payoutFilesQueryOptions = (limit = 20) =>
  infiniteQueryOptions({
    queryKey: [...payoutKeys.files(), limit] as const,
    queryFn: ({ signal, pageParam }) => {
      const search = new URLSearchParams({ limit: String(limit) });
      if (pageParam) search.set('cursor', pageParam);
      return apiFetch<{ items: PayoutFile[]; nextCursor: string | null }>(`/admin/payout-files?${search}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** downloadPayoutFile: a plain link, so the browser saves the file (full account numbers; audited). The same rows each time. */
export const payoutFileCsvUrl = (id: string) => `${appConfig.apiBaseUrl}/admin/payout-files/${encodeURIComponent(id)}/csv`;

/** exportPayoutFile: the oldest pending withdrawals become processing, in a new payout file (then downloaded by its link). */
export function useExportPayoutFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<PayoutFile>('/admin/withdrawals/export', { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

/** revealPayoutDetails: the full bank details (audited on the server; a pending withdrawal becomes processing). */
export const revealPayoutDetails = (id: string) =>
  apiFetch<PayoutDetails>(`/admin/withdrawals/${encodeURIComponent(id)}/account`, { method: 'POST' });

export type PayoutDecision =
  | { kind: 'pay'; id: string; payoutReference: string }
  | { kind: 'reject'; id: string; reason: string }
  | { kind: 'requeue'; id: string; reason: string };

/** payWithdrawal / rejectWithdrawal / requeueWithdrawal (processing → pending, with a reason) */
export function usePayoutDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: PayoutDecision) =>
      decision.kind === 'pay'
        ? apiFetch<AdminWithdrawal>(`/admin/withdrawals/${encodeURIComponent(decision.id)}/pay`, {
            method: 'POST',
            body: { payoutReference: decision.payoutReference },
          })
        : apiFetch<AdminWithdrawal>(`/admin/withdrawals/${encodeURIComponent(decision.id)}/${decision.kind}`, {
            method: 'POST',
            body: { reason: decision.reason },
          }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.report() });
    },
  });
}

/** getWithdrawalSettings */
export const withdrawalSettingsQueryOptions = () =>
  queryOptions({
    queryKey: payoutKeys.settings(),
    queryFn: ({ signal }) => apiFetch<WithdrawalSettings>('/admin/withdrawal-settings', { signal }),
  });

/** updateWithdrawalSettings */
export function useUpdateWithdrawalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // 200: the settings saved; 202: two-person approval is on, the change waits for a second person.
    mutationFn: (body: UpdateWithdrawalSettingsBody) =>
      apiFetch<WithdrawalSettings | SentForApproval>('/admin/withdrawal-settings', { method: 'PUT', body }),
    onSuccess: (answer) => {
      if (!('approval' in answer)) queryClient.setQueryData(payoutKeys.settings(), answer);
    },
  });
}

/** importPayoutResults: a preview (apply false) or the real thing. */
export function useImportPayoutResults() {
  const queryClient = useQueryClient();
  return useMutation({
    // 202: applying a file over the approval threshold; nothing settled, the request a second person decides.
    mutationFn: (body: { csv: string; apply: boolean }) =>
      apiFetch<PayoutImportResult | SentForApproval>('/admin/withdrawals/import', { method: 'POST', body }),
    onSuccess: (result) => {
      if ('approval' in result || !result.applied) return;
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.report() });
    },
  });
}

/** listBookSeals: the signing key and the recent sealed days (docs/decisions/0028). */
export const bookSealsQueryOptions = () =>
  queryOptions({ queryKey: adminLedgerKeys.seals(), queryFn: ({ signal }) => apiFetch<BooksSeals>('/admin/books/seals', { signal }) });

/** sealBooks: links the chain and seals the days that are over; the report and the seals read again. */
export function useSealBooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<SealRunResult>('/admin/books/seal', { method: 'POST', body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.report() }),
  });
}

/** checkBooksSinceSeal: only what changed since the last sealed day; run when the operator asks. */
export const booksCheckQueryOptions = () =>
  queryOptions({
    queryKey: [...adminLedgerKeys.report(), 'since-seal'] as const,
    queryFn: ({ signal }) => apiFetch<IncrementalCheckResult>('/admin/books/check', { signal }),
    enabled: false,
  });
