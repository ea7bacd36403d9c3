import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS, isErrorCode } from '@orchard/shared';

const SOURCE = join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/**
 * The compiler already refuses a code outside the vocabulary; this pins the other half of the
 * table: a code is thrown with the status the table gives it (or one of its named `also`), so
 * a client can rely on the documented status of each code.
 */
describe('the error vocabulary on the server', () => {
  const throws = sourceFiles(SOURCE).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:AppError|super)\(\s*'([A-Z_]+)'\s*,\s*(\d{3})/g)].map((match) => ({
      file: file.slice(SOURCE.length + 1),
      code: match[1]!,
      status: Number(match[2]),
    })),
  );

  it('finds the throw sites', () => {
    expect(throws.length).toBeGreaterThanOrEqual(20);
  });

  it('throws every code with the status its row gives', () => {
    for (const site of throws) {
      expect(isErrorCode(site.code)).toBe(true);
      const row: { status: number; also?: readonly number[] } = ERRORS[site.code as keyof typeof ERRORS];
      expect({ ...site, allowed: [row.status, ...(row.also ?? [])].includes(site.status) }).toEqual({ ...site, allowed: true });
    }
  });
});
