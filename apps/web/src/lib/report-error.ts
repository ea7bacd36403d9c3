import type { ClientErrorReport } from '@orchard/shared';
import { appConfig } from './config';

/** Sends a crash report to the server log; never throws, never retries. */
export function reportClientError(kind: ClientErrorReport['kind'], error: unknown): void {
  try {
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    const report: ClientErrorReport = {
      kind,
      message: (message || 'Unknown error').slice(0, 2000),
      ...(stack ? { stack: stack.slice(0, 8000) } : {}),
      path: window.location.pathname.slice(0, 2048),
      buildId: __BUILD_ID__.slice(0, 100),
    };
    void fetch(`${appConfig.apiBaseUrl}/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting must never make things worse.
  }
}
