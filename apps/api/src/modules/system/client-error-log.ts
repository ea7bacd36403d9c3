import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientErrorReport } from '@orchard/shared';

/** Distinct failures remembered at once; beyond this the oldest is forgotten (after logging its count). */
const MAX_TRACKED = 1000;

interface Tracked {
  windowEndsAt: number;
  repeats: number;
  kind: ClientErrorReport['kind'];
  message: string;
}

/**
 * Logs each distinct client failure once per window, then how many times it came again: one
 * broken page seen by many members (or one client replaying a report) is one log line per window,
 * not one per request. Per process; each instance logs its own count.
 */
export class ClientErrorLog {
  private readonly tracked = new Map<string, Tracked>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly windowMs: number,
  ) {}

  /** Same kind, message and stack: the same failure, whatever page or build it was seen on. */
  static fingerprint(report: ClientErrorReport): string {
    return createHash('sha256').update(JSON.stringify([report.kind, report.message, report.stack ?? ''])).digest('hex').slice(0, 16);
  }

  record(report: ClientErrorReport, context: { reqId: string; ip: string }, now: Date): void {
    const fingerprint = ClientErrorLog.fingerprint(report);
    const known = this.tracked.get(fingerprint);
    if (known && known.windowEndsAt > now.getTime()) {
      known.repeats += 1;
      return;
    }
    if (known) this.close(fingerprint, known);
    if (this.tracked.size >= MAX_TRACKED) {
      const [oldest, entry] = this.tracked.entries().next().value as [string, Tracked];
      this.close(oldest, entry);
    }
    this.tracked.set(fingerprint, { windowEndsAt: now.getTime() + this.windowMs, repeats: 0, kind: report.kind, message: report.message });
    this.log.warn({ clientError: report, fingerprint, ...context }, 'client error reported');
  }

  /** Logs the counts of windows that have ended (called now and then, and at shutdown with no date). */
  flush(now?: Date): void {
    for (const [fingerprint, entry] of this.tracked) {
      if (now === undefined || entry.windowEndsAt <= now.getTime()) this.close(fingerprint, entry);
    }
  }

  private close(fingerprint: string, entry: Tracked) {
    this.tracked.delete(fingerprint);
    if (entry.repeats > 0) {
      this.log.warn({ fingerprint, kind: entry.kind, message: entry.message, repeats: entry.repeats }, 'client error repeated');
    }
  }
}
