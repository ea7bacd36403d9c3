import type { ClientErrorReport } from '@orchard/shared';
// The zod-free entry: the shared index would bring zod into the first load.
import { CLIENT_ERROR_LIMITS } from '@orchard/shared/client-error-limits';
import { appConfig } from './config';

/** Reports one page load may send: a crash loop must not flood the server (it limits per address too). */
const MAX_REPORTS_PER_PAGE = 5;
const sent = new Set<string>();

/** Sends a crash report to the server log; never throws, never retries, never sends one twice. */
export function reportClientError(kind: ClientErrorReport['kind'], error: unknown): void {
  try {
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    const report: ClientErrorReport = {
      kind,
      message: (message || 'Unknown error').slice(0, CLIENT_ERROR_LIMITS.message),
      ...(stack ? { stack: stack.slice(0, CLIENT_ERROR_LIMITS.stack) } : {}),
      path: window.location.pathname.slice(0, CLIENT_ERROR_LIMITS.path),
      buildId: __BUILD_ID__.slice(0, CLIENT_ERROR_LIMITS.buildId),
    };
    const fingerprint = `${report.kind}\n${report.message}\n${report.stack ?? ''}`;
    if (sent.has(fingerprint) || sent.size >= MAX_REPORTS_PER_PAGE) return;
    sent.add(fingerprint);
    void fetch(`${appConfig.apiBaseUrl}/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting must never make things worse.
  }
}
