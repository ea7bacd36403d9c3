import { type ApprovalKind, type ConsolePermission, roleHasPermission } from '@orchard/shared';
import type { Tx } from '../../db/client';
import type { ServiceDeps } from '../../lib/service-deps';
import type { assertMayActOn } from '../accounts/index';
import type { ConsoleActor } from '../audit/index';

/** A request as its action receives it when a second person approves it. */
interface ApprovedRequest {
  id: string;
  payload: Record<string, unknown>;
  subjectUserId: string | null;
  requestedBy: string;
}

/**
 * What a module tells approvals about one kind of gated action (handed at registration, so the
 * arrow points from the gated module to this one, rule 14): which console permission a person must
 * hold to ask for it and to approve it, which row of the account rules the approver must pass on
 * the member it is about, and how to run it inside the approving transaction (the request's row is
 * locked; the action keys its money on `approval:<id>`, so it runs at most once).
 */
export interface ApprovalAction {
  permission: ConsolePermission;
  accountAction?: Parameters<typeof assertMayActOn>[2];
  apply: (tx: Tx, deps: ServiceDeps, request: ApprovedRequest, approver: ConsoleActor) => Promise<{ transactionId: string | null }>;
}

const actions = new Map<ApprovalKind, ApprovalAction>();

/** Registers (or replaces) the action of a kind; the gated module calls it when its routes register. */
export function defineApprovalAction(kind: ApprovalKind, action: ApprovalAction): void {
  actions.set(kind, action);
}

export function actionOf(kind: ApprovalKind): ApprovalAction {
  const action = actions.get(kind);
  if (!action) throw new Error(`no action is registered for approval kind ${kind}`);
  return action;
}

/** The kinds whose permission this role holds (what it may approve). */
export function kindsFor(role: ConsoleActor['role']): ApprovalKind[] {
  return [...actions.entries()].filter(([, action]) => roleHasPermission(role, action.permission)).map(([kind]) => kind);
}
