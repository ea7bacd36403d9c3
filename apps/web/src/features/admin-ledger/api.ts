import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
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
import type { rechargeReviewSchema } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';

/** Operator console data for recharge review, adjustments, ledger integrity and payment channels. */
export type RechargeReview = z.infer<typeof rechargeReviewSchema>;
export type { AdjustmentResult, LedgerReport, PaymentChannel };

export const adminLedgerKeys = {
  reviews: () => ['admin', 'recharge-reviews'] as const,
  report: () => ['admin', 'ledger-report'] as const,
  channels: () => ['admin', 'payment-channels'] as const,
  members: (q: string) => ['admin', 'members', 'search', q] as const,
};

/** listRechargeReviews: submitted or flagged orders, oldest first. */
export const rechargeReviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminLedgerKeys.reviews(),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<{ items: RechargeReview[]; nextCursor: string | null }>(
        `/admin/recharge/reviews?limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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

/** creditRechargeOrder (one idempotency key per operator intent). */
export const creditRechargeOrder = (id: string, note: string | undefined, idempotencyKey: string) =>
  apiFetch<RechargeOrder>(`/admin/recharge/orders/${encodeURIComponent(id)}/credit`, {
    method: 'POST',
    body: note ? { note } : {},
    idempotencyKey,
  });

/** rejectRechargeOrder */
export const rejectRechargeOrder = (id: string, reason: string, idempotencyKey: string) =>
  apiFetch<RechargeOrder>(`/admin/recharge/orders/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason }, idempotencyKey });

/** adjustBalance */
export const adjustBalance = (userId: string, body: AdjustBalanceBody, idempotencyKey: string) =>
  apiFetch<AdjustmentResult>(`/admin/members/${encodeURIComponent(userId)}/adjustments`, { method: 'POST', body, idempotencyKey });

/** upsertPaymentChannel */
export const upsertPaymentChannel = (code: string, body: UpsertPaymentChannelBody) =>
  apiFetch<PaymentChannel>(`/admin/payment-channels/${encodeURIComponent(code)}`, { method: 'PUT', body });
