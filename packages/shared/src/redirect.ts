/**
 * Where to go after signing in (docs/product.md R2). Only same-origin paths are accepted: a value
 * that could leave the site (`//evil.example`, `/\evil`, `https://…`) falls back to `fallback`.
 * The result is checked after the URL parser has resolved dot segments, since `/..//evil.example`
 * (or `/.//`, `/%2e%2e//`) resolves to `//evil.example`: what this returns always starts with
 * exactly one `/` and resolves on the page's own origin, so no consumer needs to check it again.
 */
export function safeRedirectPath(value: unknown, fallback = '/home'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!isOnePath(value)) return fallback;
  // Control characters and backslashes can be read as another origin by some browsers.
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://orchard.invalid');
    if (url.origin !== 'http://orchard.invalid') return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isOnePath(path) && path.length <= 2048 ? path : fallback;
  } catch {
    return fallback;
  }
}

/** A path of this origin: one `/`, not followed by another or by a backslash (`//host`, `/\host`). */
const isOnePath = (path: string) => path.startsWith('/') && !/^\/[/\\]/.test(path);
