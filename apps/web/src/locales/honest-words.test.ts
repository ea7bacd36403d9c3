import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/product.md "Honest money" and docs/product.md "Look and feel": plans are memberships, never investments. No text
// a member can read may promise or describe a return on a plan.
const FORBIDDEN =
  /\binvest\w*|\bprofit\w*|\breturns\b|\bdaily return|\bearn(s|ed)? daily|\bguarantee\w*|\bpays? per day|\byield\w*|\binterest rate/i;
// The same in the other languages (src/locales/es, src/locales/zh).
const FORBIDDEN_ES =
  /\binvers(ión|iones|ionista|ionistas|or|ores)\b|\binvertir\b|\brentabilidad\b|\brendimientos?\b|\bganancias?\b|\bgarantizad[oa]s?\b|\btasa de interés\b/i;
const FORBIDDEN_ZH = /投资|收益|回报|利息|利润|分红|保本|理财/;

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
          .filter(
            ({ line }) =>
              !/^\s*(\*|\/\*|\/\/)/.test(line) &&
              /['"`]/.test(line) &&
              [FORBIDDEN, FORBIDDEN_ES, FORBIDDEN_ZH].some((words) => words.test(line.replace(/\/\/.*$/, ''))),
          ),
      )
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offending).toEqual([]);
  });

  it('the check itself catches such words', () => {
    expect(FORBIDDEN.test('see what each pays per day')).toBe(true);
    expect(FORBIDDEN.test('its price, daily return and length')).toBe(true);
    expect(FORBIDDEN.test('Guaranteed profit')).toBe(true);
    expect(FORBIDDEN.test('Return to home')).toBe(false);
    expect(FORBIDDEN_ES.test('Rentabilidad diaria garantizada')).toBe(true);
    expect(FORBIDDEN_ES.test('Tu plan de membresía')).toBe(false);
    expect(FORBIDDEN_ZH.test('每日收益')).toBe(true);
    expect(FORBIDDEN_ZH.test('会员计划')).toBe(false);
  });
});
