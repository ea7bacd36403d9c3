import { randomUUID } from 'node:crypto';
import type { AdminPlan, UpsertPlanBody } from '@orchard/shared';
import type { TestApp } from '../app';
import { registerMember, signInOperator, type RegisteredMember } from '../auth';

/** An operator's cookie and helpers to call the console and member APIs in plans tests. */
export interface PlansWorld {
  t: TestApp;
  operator: { userId: string; cookie: string };
}

export async function plansWorld(t: TestApp): Promise<PlansWorld> {
  return { t, operator: await signInOperator(t) };
}

export async function asOperator(w: PlansWorld, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, key?: string) {
  return w.t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { cookie: w.operator.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function asMember(
  w: PlansWorld,
  member: { cookie: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  key?: string,
) {
  return w.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: member.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function createPlan(w: PlansWorld, overrides: Partial<UpsertPlanBody> = {}): Promise<AdminPlan> {
  const response = await asOperator(w, 'POST', '/plans', {
    name: 'Gold membership',
    description: 'Priority support and member events.',
    benefits: ['Priority support', 'Member events'],
    price: 10_000,
    durationDays: 30,
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`createPlan: ${response.statusCode} ${response.body}`);
  return response.json() as AdminPlan;
}

/** Credits a member's wallet through an operator adjustment. */
export async function fund(w: PlansWorld, userId: string, amount: number): Promise<void> {
  const response = await asOperator(
    w,
    'POST',
    `/members/${userId}/adjustments`,
    { direction: 'credit', amount, reason: 'test funds' },
    randomUUID(),
  );
  if (response.statusCode !== 201) throw new Error(`fund: ${response.statusCode} ${response.body}`);
}

export async function buy(w: PlansWorld, member: { cookie: string }, planId: string, body: object = {}, key = randomUUID()) {
  return asMember(w, member, 'POST', `/plans/${planId}/purchase`, body, key);
}

/** A chain A ← B ← C ← D (each invited by the one before). */
export async function chain(w: PlansWorld, length = 4): Promise<RegisteredMember[]> {
  const members: RegisteredMember[] = [];
  for (let i = 0; i < length; i++) {
    members.push(
      await registerMember(w.t, { displayName: `Member ${String.fromCharCode(65 + i)}`, inviteCode: members[i - 1]?.inviteCode }),
    );
  }
  return members;
}

export async function wallet(w: PlansWorld, member: { cookie: string }) {
  return (await asMember(w, member, 'GET', '/wallet')).json() as { available: number; onHold: number };
}

export async function commissions(w: PlansWorld, member: { cookie: string }) {
  return (await asMember(w, member, 'GET', '/me/commissions')).json() as { pending: number; released: number; debt: number };
}
