/**
 * Where to go after signing in (ORIGIN.md O-R2). Only same-origin paths are accepted: a value
 * that could leave the site (`//evil.example`, `/\evil`, `https://…`) falls back to `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = '/home'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters and backslashes can be read as another origin by some browsers.
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://orchard.invalid');
    if (url.origin !== 'http://orchard.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
