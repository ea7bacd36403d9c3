import { expect } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import type { TestApp } from './app';

/** A signed-in console person of an approvals suite. */
export type Who = { userId: string; cookie: string };

/** The error code of a refused answer (the closed vocabulary). */
export const codeOf = (response: { json: () => unknown }) => apiErrorSchema.parse(response.json()).error.code;

/**
 * The console calls the gated-action suites share: `call` as one person, `threshold` set by the
 * suite's operator, and `decide` a request (a rejection gives `rejectReason`). `app` and
 * `operator` are read when called, since the suite signs them in in its beforeAll.
 */
export function approvalCalls(app: () => TestApp, operator: () => Who, rejectReason: string) {
  const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app().app.inject({ method, url: `/api/v1/admin${url}`, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const threshold = async (value: number | null) =>
    expect((await call(operator(), 'PUT', '/approval-settings', { threshold: value, expiresAfterHours: 24 })).statusCode).toBe(200);
  const decide = (who: Who, id: string, how: 'approve' | 'reject') =>
    call(who, 'POST', `/approvals/${id}/${how}`, how === 'reject' ? { reason: rejectReason } : undefined);
  return { call, threshold, decide };
}
