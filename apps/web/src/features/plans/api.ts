import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CommissionSummary,
  MyCoupon,
  Plan,
  PlanList,
  Purchase,
  PurchasePage,
  PurchaseQuote,
  PurchaseStatus,
  RedeemCouponResult,
} from '@orchard/shared';
import { ApiError, apiFetch } from '../../lib/api-client';
import { useIntentKey } from '../../lib/intent-key';
import { activeLocale } from '../../lib/i18n';

/**
 * Plans, purchases, coupons and commissions (operationIds in comments). Route loaders import this
 * file, so it stays small and zod-free: types only from the shared contracts.
 */
export type { CommissionSummary, MyCoupon, Plan, PlanList, Purchase, PurchasePage, PurchaseQuote, PurchaseStatus, RedeemCouponResult };

/**
 * The plan texts come in the app's language (the operator writes them in each; docs/decisions/0024):
 * the reads that carry them end their key with it, so another language is another read. The
 * factories below are the prefixes invalidation uses, across languages.
 */
const inLanguage = <K extends readonly unknown[]>(key: K) => [...key, activeLocale()] as const;

export const planKeys = {
  all: ['plans'] as const,
  list: () => ['plans', 'list'] as const,
  plan: (id: string) => ['plans', 'plan', id] as const,
  quotes: (id: string) => ['plans', 'quote', id] as const,
  quote: (id: string, coupon: string | undefined) => ['plans', 'quote', id, coupon ?? ''] as const,
  purchases: () => ['plans', 'purchases'] as const,
  purchaseList: (status: PurchaseStatus | undefined) => ['plans', 'purchases', 'list', status ?? 'all'] as const,
  active: () => ['plans', 'purchases', 'active'] as const,
  coupons: () => ['plans', 'coupons'] as const,
  commissions: () => ['plans', 'commissions'] as const,
};

/**
 * The wallet feature's key root (`walletKeys.all` in features/wallet/api.ts). Features do not
 * import each other, so a purchase or a wallet credit invalidates the balance by this value.
 */
const WALLET_QUERY_KEY = ['wallet'] as const;

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

const planPath = (id: string) => `/plans/${encodeURIComponent(id)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Plan ids are UUIDs (planSchema): anything else in /plan/{id} is no plan, without asking. */
export const isPlanId = (id: string) => UUID.test(id);

/** The 404 page for a path that names no plan (docs/product.md E1's message, so it shows the path). */
export const planNotFound = (path: string) => new ApiError(404, 'NOT_FOUND', `Page not found: ${path}`);

/** /plan/{id}'s loader: the plan, or the 404 page when there is no such plan. */
export function ensurePlan(queryClient: QueryClient, id: string, path: string): Promise<Plan> {
  return queryClient.ensureQueryData(planQueryOptions(id)).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? planNotFound(path) : error;
  });
}

/** listPlans */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: inLanguage(planKeys.list()),
    queryFn: ({ signal }) => apiFetch<PlanList>('/plans', { signal }),
    staleTime: 30_000,
  });

/** getPlan (404 NOT_FOUND for an unknown id) */
export const planQueryOptions = (id: string) =>
  queryOptions({
    queryKey: inLanguage(planKeys.plan(id)),
    queryFn: ({ signal }) => apiFetch<Plan>(planPath(id), { signal }),
    staleTime: 10_000,
  });

/**
 * quotePurchase: price, discount and what is left to pay with the member's balance now. A coupon
 * that does not apply is part of the answer (coupon.applies = false), not an error. While another
 * code is being checked the previous quote stays on screen.
 */
export const quoteQueryOptions = (id: string, coupon: string | undefined) =>
  queryOptions({
    queryKey: planKeys.quote(id, coupon),
    queryFn: ({ signal }) => apiFetch<PurchaseQuote>(`${planPath(id)}/quote${query({ coupon })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

const PURCHASE_PAGE_SIZE = 20;

/** listMyPurchases, newest first, "Load more" passes nextCursor. */
export const myPurchasesQueryOptions = (status?: PurchaseStatus) =>
  infiniteQueryOptions({
    queryKey: inLanguage(planKeys.purchaseList(status)),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<PurchasePage>(`/me/purchases${query({ status, cursor: pageParam, limit: String(PURCHASE_PAGE_SIZE) })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 10_000,
  });

/** listMyPurchases, the active ones (for /home; a member holds few at once). */
export const activePurchasesQueryOptions = () =>
  queryOptions({
    queryKey: inLanguage(planKeys.active()),
    queryFn: ({ signal }) => apiFetch<PurchasePage>('/me/purchases?status=active&limit=20', { signal }),
    staleTime: 10_000,
  });

/** listMyCoupons */
export const myCouponsQueryOptions = () =>
  queryOptions({
    queryKey: inLanguage(planKeys.coupons()),
    queryFn: ({ signal }) => apiFetch<{ items: MyCoupon[]; serverTime: string }>('/me/coupons', { signal }),
    staleTime: 10_000,
  });

/** getMyCommissions: pending, released, debt and the next release. */
export const commissionSummaryQueryOptions = () =>
  queryOptions({
    queryKey: planKeys.commissions(),
    queryFn: ({ signal }) => apiFetch<CommissionSummary>('/me/commissions', { signal }),
    staleTime: 30_000,
  });

export interface PurchaseInput {
  coupon?: string;
  /** What the member saw as "to pay": another price now is a 409 PRICE_CHANGED. */
  expectedToPay: number;
}

/** purchasePlan from the wallet; refreshes the plan, its quotes, my plans and coupons, and the wallet. */
export function usePurchasePlan(planId: string) {
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (input: PurchaseInput) => {
      const body = input.coupon ? input : { expectedToPay: input.expectedToPay };
      return apiFetch<Purchase>(`${planPath(planId)}/purchase`, { method: 'POST', body, idempotencyKey: intent.keyFor([planId, body]) });
    },
    onSuccess: () => {
      intent.settle(null);
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    },
    onError: (error) => {
      intent.settle(error);
      // A refusal means something changed (price, stock, limit, balance, coupon): show it as it is now.
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
        void queryClient.invalidateQueries({ queryKey: planKeys.plan(planId) });
        void queryClient.invalidateQueries({ queryKey: planKeys.quotes(planId) });
      }
    },
  });
}

/** redeemCoupon: a wallet credit lands in the wallet, a plan coupon in my list. */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<RedeemCouponResult>('/me/coupons/redeem', { method: 'POST', body: { code }, idempotencyKey: intent.keyFor(code) }),
    onSuccess: (result) => {
      intent.settle(null);
      void queryClient.invalidateQueries({ queryKey: planKeys.coupons() });
      if (result.outcome === 'credited') void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    },
    onError: (error) => intent.settle(error),
  });
}
