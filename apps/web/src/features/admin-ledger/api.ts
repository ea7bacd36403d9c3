import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustBalanceBody,
  AdjustmentResult,
  LedgerReport,
  MemberList,
  PaymentChannel,
  RechargeOrder,
  UpsertPaymentChannelBody,
} from '@orchard/shared';
import type { z } from 'zod';
import type { rechargeReviewPageSchema, rechargeReviewSchema } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

/**
 * Operator console data for recharge review, adjustments, ledger integrity and payment channels:
 * query options (route loaders import this file lazily) and mutation hooks, which invalidate
 * what they change by key.
 */
export type RechargeReview = z.infer<typeof rechargeReviewSchema>;
export type RechargeReviewPage = z.infer<typeof rechargeReviewPageSchema>;
export type { AdjustmentResult, LedgerReport, PaymentChannel };

export const adminLedgerKeys = {
  reviews: () => ['admin', 'recharge-reviews'] as const,
  /** Under reviews(): what invalidates the queue refreshes its size too. */
  reviewQueueSize: () => ['admin', 'recharge-reviews', 'size'] as const,
  report: () => ['admin', 'ledger-report'] as const,
  channels: () => ['admin', 'payment-channels'] as const,
  members: (q: string) => ['admin', 'members', 'search', q] as const,
};

/** listRechargeReviews: submitted or flagged orders, newest first. */
export const rechargeReviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminLedgerKeys.reviews(),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<RechargeReviewPage>(`/admin/recharge/reviews?limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        signal,
      }),
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
    },
  });
}

/** adjustBalance */
export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body, idempotencyKey }: { userId: string; body: AdjustBalanceBody; idempotencyKey: string }) =>
      apiFetch<AdjustmentResult>(`/admin/members/${encodeURIComponent(userId)}/adjustments`, { method: 'POST', body, idempotencyKey }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.report() }),
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
