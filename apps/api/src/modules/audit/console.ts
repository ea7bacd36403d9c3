import type { Db, Tx } from '../../db/client';
import type { ConsoleActor } from '../../plugins/operator-scope';
import { insertAudit } from './repository';

/**
 * Who performs a console action: the operator scope (plugins/operator-scope.ts) establishes it
 * before the request is even parsed; services take it and record their action with it here.
 */
export type { ConsoleActor };

/** What a service says about its action; who, from where and under which request come from the actor. */
export interface ConsoleAction {
  action: string;
  subjectType: string;
  subjectId: string;
  detail?: Record<string, unknown>;
  at: Date;
}

const written = new WeakMap<ConsoleActor, number>();

/**
 * The one way a console action reaches the audit log. Called by the service inside the
 * transaction of the change it records (the row commits or rolls back with it); the scope then
 * checks, before the answer leaves, that a successful state-changing console request wrote one.
 */
export async function recordConsoleAction(db: Db | Tx, actor: ConsoleActor, entry: ConsoleAction): Promise<void> {
  await insertAudit(db, {
    actorId: actor.operatorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    ip: actor.ip,
    detail: { ...entry.detail, requestId: actor.requestId },
    at: entry.at,
  });
  written.set(actor, (written.get(actor) ?? 0) + 1);
}

/**
 * For a database function that wrote the audit row itself (`console_audit`, sql/console_audit.sql) with
 * this actor's `actorJson`: counts it as recordConsoleAction would.
 */
export function noteConsoleActionRecorded(actor: ConsoleActor): void {
  written.set(actor, (written.get(actor) ?? 0) + 1);
}

/**
 * The actor as the database's `console_audit` takes it: who, from where, under which request; with
 * a second person's approval (modules/approvals), the approver and the request too.
 */
export function actorJson(actor: ConsoleActor, approval?: { approvedBy: string; approvalId: string }): string {
  return JSON.stringify({ operatorId: actor.operatorId, ip: actor.ip, requestId: actor.requestId, ...approval });
}

/** How many audit rows this request's actor has written (rows of a rolled-back attempt included). */
export function consoleEntriesWritten(actor: ConsoleActor): number {
  return written.get(actor) ?? 0;
}
