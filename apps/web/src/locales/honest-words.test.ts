import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// SPEC.md "Honest money" and DESIGN.md "Words": plans are memberships, never investments. No text
// a member can read may promise or describe a return on a plan.
const FORBIDDEN = /\binvest\w*|\bprofit\w*|\breturns\b|\bdaily return|\bearn(s|ed)? daily|\bguarantee\w*|\bpays? per day|\byield\w*|\binterest rate/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('honest words', () => {
  it('no screen text promises a return', () => {
    const root = join(import.meta.dirname, '..');
    const offending = sourceFiles(root)
      .filter((path) => !path.endsWith('routeTree.gen.ts'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, where: `${path.slice(root.length + 1)}:${index + 1}` }))
          .filter(({ line }) => !/^\s*(\*|\/\*|\/\/)/.test(line) && /['"`]/.test(line) && FORBIDDEN.test(line.replace(/\/\/.*$/, ''))),
      )
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offending).toEqual([]);
  });

  it('the check itself catches such words', () => {
    expect(FORBIDDEN.test('see what each pays per day')).toBe(true);
    expect(FORBIDDEN.test('its price, daily return and length')).toBe(true);
    expect(FORBIDDEN.test('Guaranteed profit')).toBe(true);
    expect(FORBIDDEN.test('Return to home')).toBe(false);
  });
});
