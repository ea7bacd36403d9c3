import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS, isErrorCode } from '@orchard/shared';
import { AppError } from '../src/errors';

const SOURCE = join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/**
 * The compiler already refuses a code outside the vocabulary, and AppError takes its status from
 * the table: a throw site names the code alone. This pins both halves: each code is answered with
 * the status and default message its row gives, another status only through `withStatus` and only
 * one of the row's named `also`, and no throw site writes a status of its own again.
 */
describe('the error vocabulary on the server', () => {
  it('gives every code its row’s status and default message', () => {
    for (const [code, row] of Object.entries(ERRORS)) {
      if (!isErrorCode(code)) throw new Error(code);
      const error = new AppError(code);
      expect({ code, status: error.statusCode, message: error.message }).toEqual({ code, status: row.status, message: row.message });
    }
  });

  it('answers with another status only as one of the row’s named `also`', () => {
    const error = AppError.withStatus('CODE_USED', 409, 'This account is already verified.');
    expect(error).toBeInstanceOf(AppError);
    expect([error.code, error.statusCode, error.message]).toEqual(['CODE_USED', 409, 'This account is already verified.']);
    expect(AppError.withStatus('PASSKEY_FAILED', 403).statusCode).toBe(403);
    // @ts-expect-error 404 is not among PASSKEY_FAILED's `also`
    AppError.withStatus('PASSKEY_FAILED', 404);
    // @ts-expect-error NOT_FOUND has no `also`
    AppError.withStatus('NOT_FOUND', 410);
  });

  it('finds no throw site that writes a status next to its code', () => {
    const sites = sourceFiles(SOURCE).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:new AppError|super)\(\s*'([A-Z_]+)'\s*,\s*(\d{3})/g)].map(
        (match) => `${file.slice(SOURCE.length + 1)}: ${match[1]} ${match[2]}`,
      ),
    );
    expect(sites).toEqual([]);
  });
});
