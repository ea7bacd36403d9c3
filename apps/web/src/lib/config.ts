import type { PublicConfig } from '@orchard/shared';

const DEFAULTS: PublicConfig = { appName: 'Orchard', apiBaseUrl: '/api/v1', currency: 'USD', buildId: 'dev' };

function isPublicConfig(value: unknown): value is PublicConfig {
  if (!value || typeof value !== 'object') return false;
  const config = value as Record<string, unknown>;
  return (
    typeof config.appName === 'string' &&
    config.appName.length > 0 &&
    typeof config.apiBaseUrl === 'string' &&
    config.apiBaseUrl.length > 0 &&
    typeof config.currency === 'string' &&
    /^[A-Z]{3}$/.test(config.currency) &&
    typeof config.buildId === 'string'
  );
}

/**
 * Run-time configuration (docs/product.md C1), handed over by the server in
 * `<meta name="orchard-config">`, so one build serves any deployment. Checked by hand rather
 * than with zod: this runs in the first bundle, where zod would cost more than the page.
 */
export function readAppConfig(doc: Document = document): PublicConfig {
  const content = doc.querySelector('meta[name="orchard-config"]')?.getAttribute('content');
  if (!content) return DEFAULTS;
  try {
    const parsed: unknown = JSON.parse(content);
    return isPublicConfig(parsed) ? parsed : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

export const appConfig: PublicConfig = typeof document === 'undefined' ? DEFAULTS : readAppConfig();
