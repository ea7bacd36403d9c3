import { expect, type APIRequestContext } from '@playwright/test';
import { operatorApi } from './wallet-support';

/** Plans and coupons of one test run, made through the console API (names and codes unique per run). */
export interface PlanFixture {
  id: string;
  name: string;
  price: number;
}

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

export function runSuffix(): string {
  return Date.now().toString(36).toUpperCase().slice(-6);
}

export async function withOperator<T>(baseURL: string, work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await operatorApi(baseURL);
  try {
    return await work(api);
  } finally {
    await api.dispose();
  }
}

export interface PlanInput {
  name: string;
  price: number;
  durationDays: number;
  description?: string;
  benefits?: string[];
  badge?: string | null;
  perMemberLimit?: number | null;
  stock?: number | null;
  saleEndsAt?: string | null;
}

export async function createPlan(api: APIRequestContext, input: PlanInput): Promise<PlanFixture> {
  const plan = await created<PlanFixture>(await api.post('/api/v1/admin/plans', { data: input }));
  return { id: plan.id, name: plan.name, price: plan.price };
}

/** PUT takes the whole plan: what the console's form sends. */
export async function updatePlan(api: APIRequestContext, id: string, input: PlanInput): Promise<void> {
  const response = await api.put(`/api/v1/admin/plans/${id}`, { data: input });
  expect(response.ok(), await response.text()).toBe(true);
}

export interface CouponInput {
  code: string;
  kind: 'percent_off' | 'amount_off' | 'wallet_credit';
  value: number;
  maxDiscount?: number | null;
  planIds?: string[];
  assignedMemberId?: string | null;
}

export async function createCoupon(api: APIRequestContext, input: CouponInput): Promise<void> {
  await created(await api.post('/api/v1/admin/coupons', { data: input }));
}
