import type { MaintenanceStatus, SetMaintenanceBody } from '@orchard/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { maintenanceMode } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';

/** How long an instance trusts its copy of the switch: another instance's change is seen within it. */
const COPY_MS = 2_000;

interface Deps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'MAINTENANCE_MODE'>;
}

/**
 * Maintenance mode's state (plugins/maintenance.ts asks it on every money request): the deploy's
 * MAINTENANCE_MODE key, or the operator's switch (one row), read at most every COPY_MS per instance.
 */
export class MaintenanceSwitch {
  private copy: { at: number; status: MaintenanceStatus } | undefined;
  constructor(private readonly deps: Deps) {}

  async status(): Promise<MaintenanceStatus> {
    const now = this.deps.clock.now().getTime();
    if (this.copy && now - this.copy.at < COPY_MS) return this.copy.status;
    const [row] = await this.deps.db.select().from(maintenanceMode).where(eq(maintenanceMode.id, true));
    const fromEnv = this.deps.config.MAINTENANCE_MODE;
    const status: MaintenanceStatus = {
      on: fromEnv || Boolean(row?.enabled),
      message: row?.enabled ? (row.message ?? null) : null,
      source: fromEnv ? 'environment' : row?.enabled ? 'operator' : null,
      changedAt: row?.changedAt ? row.changedAt.toISOString() : null,
    };
    this.copy = { at: now, status };
    return status;
  }

  async isOn(): Promise<boolean> {
    return (await this.status()).on;
  }

  /** The operator's switch, audited in the same transaction; this instance sees it at once. */
  async set(actor: ConsoleActor, body: SetMaintenanceBody): Promise<MaintenanceStatus> {
    const at = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(maintenanceMode)
        .set({ enabled: body.on, message: body.on ? body.message || null : null, changedBy: actor.operatorId, changedAt: at })
        .where(eq(maintenanceMode.id, true));
      await recordConsoleAction(tx, actor, {
        action: body.on ? 'maintenance.on' : 'maintenance.off',
        subjectType: 'system',
        subjectId: 'maintenance',
        detail: { reason: body.reason, ...(body.on && body.message ? { message: body.message } : {}) },
        at,
      });
    });
    this.copy = undefined;
    return this.status();
  }
}
