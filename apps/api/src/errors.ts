import type { ErrorCode } from '@orchard/shared';

/**
 * A failure the client should see as it is: status, stable code, message and field messages.
 * The code comes from the closed vocabulary (packages/shared/src/error-codes.ts): a code that is
 * not there does not compile.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', 404, message);
export const unauthenticated = (message = 'Please sign in.') => new AppError('UNAUTHENTICATED', 401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', 403, message);
export const conflict = (message: string) => new AppError('CONFLICT', 409, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(fields ? 'VALIDATION_FAILED' : 'BAD_REQUEST', 400, message, fields);
