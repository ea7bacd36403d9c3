import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCoupon,
  AdminPlan,
  AdminPurchase,
  CreateCouponBody,
  GenerateCouponsBody,
  ReferralSettings,
  RefundPurchaseBody,
  SentForApproval,
  UpdateCouponBody,
  UpdateReferralSettingsBody,
  UpsertPlanBody,
} from '@orchard/shared';
import type { z } from 'zod';
import type { adminCouponPageSchema, adminPurchasePageSchema, couponRedemptionPageSchema, generatedCouponsSchema } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { appConfig } from '../../lib/config';
import { filterQuery, type CouponFilter, type PurchaseFilter } from './search';

/**
 * Operator console data for plans, coupons, purchases (refunds) and referral settings: query
 * options (route loaders import this file lazily, so it stays zod-free: types only) and mutation
 * hooks, which invalidate what they change by key.
 */
export type { AdminCoupon, AdminPlan, AdminPurchase, ReferralSettings };
export type AdminCouponPage = z.infer<typeof adminCouponPageSchema>;
export type AdminPurchasePage = z.infer<typeof adminPurchasePageSchema>;
export type CouponRedemptionPage = z.infer<typeof couponRedemptionPageSchema>;
export type CouponRedemption = CouponRedemptionPage['items'][number];
export type GeneratedCoupons = z.infer<typeof generatedCouponsSchema>;

/** Rows per page of the paged lists (the API allows up to 100). */
const PAGE_SIZE = 25;

const adminPlansKeys = {
  plans: () => ['admin', 'plans'] as const,
  /** Under couponsAll(): a save or a batch refreshes every filtered list. */
  couponsAll: () => ['admin', 'coupons'] as const,
  coupons: (filter: CouponFilter) => ['admin', 'coupons', filter] as const,
  redemptions: (couponId: string) => ['admin', 'coupons', 'redemptions', couponId] as const,
  purchasesAll: () => ['admin', 'purchases'] as const,
  purchases: (filter: PurchaseFilter) => ['admin', 'purchases', filter] as const,
  referralSettings: () => ['admin', 'referral-settings'] as const,
};

/** listAdminPlans: every plan, in the members' order (sort order, then newest). */
export const adminPlansQueryOptions = () =>
  queryOptions({
    queryKey: adminPlansKeys.plans(),
    queryFn: ({ signal }) => apiFetch<{ items: AdminPlan[] }>('/admin/plans', { signal }),
  });

/** listCoupons, newest first, by cursor. */
export const couponsQueryOptions = (filter: CouponFilter) =>
  infiniteQueryOptions({
    queryKey: adminPlansKeys.coupons(filter),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<AdminCouponPage>(`/admin/coupons${filterQuery(filter, { limit: PAGE_SIZE, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** exportCoupons: a plain link (the browser downloads the CSV with the operator's session). */
export const couponsExportUrl = (filter: CouponFilter) => `${appConfig.apiBaseUrl}/admin/coupons/export.csv${filterQuery(filter)}`;

/** listCouponRedemptions, newest first, by cursor. */
export const couponRedemptionsQueryOptions = (couponId: string) =>
  infiniteQueryOptions({
    queryKey: adminPlansKeys.redemptions(couponId),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<CouponRedemptionPage>(
        `/admin/coupons/${encodeURIComponent(couponId)}/redemptions${filterQuery({}, { limit: PAGE_SIZE, cursor: pageParam })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** listPurchases, newest first, by cursor; each with its commission rows. */
export const purchasesQueryOptions = (filter: PurchaseFilter) =>
  infiniteQueryOptions({
    queryKey: adminPlansKeys.purchases(filter),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<AdminPurchasePage>(`/admin/purchases${filterQuery(filter, { limit: PAGE_SIZE, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** getReferralSettings */
export const referralSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminPlansKeys.referralSettings(),
    queryFn: ({ signal }) => apiFetch<ReferralSettings>('/admin/referral-settings', { signal }),
  });

/** createPlan (no id) or updatePlan: the plan list changes, and the purchases' plan filter with it. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: UpsertPlanBody }) =>
      id
        ? apiFetch<AdminPlan>(`/admin/plans/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<AdminPlan>('/admin/plans', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminPlansKeys.plans() });
    },
  });
}

export type SaveCoupon = { id: null; body: CreateCouponBody } | { id: string; body: UpdateCouponBody };

/** createCoupon (no id) or updateCoupon (its code stays as it is). */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveCoupon) =>
      id
        ? apiFetch<AdminCoupon>(`/admin/coupons/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<AdminCoupon>('/admin/coupons', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminPlansKeys.couponsAll() });
    },
  });
}

/** generateCoupons: a batch of codes sharing the same terms. */
export function useGenerateCoupons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateCouponsBody) => apiFetch<GeneratedCoupons>('/admin/coupons/generate', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminPlansKeys.couponsAll() });
    },
  });
}

/**
 * refundPurchase (one idempotency key per operator intent): the purchase lists, the coupon it used
 * and the plan's sold count all change.
 */
export function useRefundPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, body, idempotencyKey }: { purchaseId: string; body: RefundPurchaseBody; idempotencyKey: string }) =>
      // 202: an override whose claw-back debt is over the approval threshold; nothing refunded yet.
      apiFetch<AdminPurchase | SentForApproval>(`/admin/purchases/${encodeURIComponent(purchaseId)}/refund`, {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminPlansKeys.purchasesAll() });
      void queryClient.invalidateQueries({ queryKey: adminPlansKeys.plans() });
      void queryClient.invalidateQueries({ queryKey: adminPlansKeys.couponsAll() });
      // The member's money as the member pages show it (features do not import each other, so the key is spelled here).
      void queryClient.invalidateQueries({ queryKey: ['admin', 'member-money'] });
    },
  });
}

/** updateReferralSettings: the answer is the new settings, put straight into the cache. */
export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // 202: two-person approval is on, the change waits for a second person.
    mutationFn: (body: UpdateReferralSettingsBody) =>
      apiFetch<ReferralSettings | SentForApproval>('/admin/referral-settings', { method: 'PUT', body }),
    onSuccess: (answer) => {
      if (!('approval' in answer)) queryClient.setQueryData(adminPlansKeys.referralSettings(), answer);
    },
  });
}
