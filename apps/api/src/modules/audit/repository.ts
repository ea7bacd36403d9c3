import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/** One line of the audit log; written in the same transaction as the change it records. */
export interface AuditInput {
  actorId: string | null;
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
  at: Date;
}

export async function insertAudit(db: Db | Tx, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? {},
    createdAt: entry.at,
  });
}
