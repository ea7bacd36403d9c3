import { ERRORS, type ErrorCode } from '@orchard/shared';

/** The other statuses the vocabulary lets a code be answered with (its `also`), per code. */
type OtherStatus<C extends ErrorCode> = (typeof ERRORS)[C] extends { also: readonly (infer S)[] } ? S : never;

/**
 * A failure the client should see as it is: stable code, message and field messages. The code comes
 * from the closed vocabulary (packages/shared/src/error-codes.ts): a code that is not there does
 * not compile, and its HTTP status is the vocabulary's, never written again at the throw site. The
 * message defaults to the vocabulary's too. The few codes answered with another status in a named
 * case (`also`) are made with `AppError.withStatus`, which accepts only those statuses.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERRORS[code].message,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERRORS[code].status;
  }

  /** A code answered with one of its `also` statuses (e.g. CODE_USED as 409 for an account already verified). */
  static withStatus<C extends ErrorCode>(
    code: C,
    status: OtherStatus<C>,
    message?: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
  ): AppError {
    return new AppErrorWithOtherStatus(code, status as number, message, fields, headers);
  }
}

class AppErrorWithOtherStatus extends AppError {
  override readonly statusCode: number;

  constructor(code: ErrorCode, status: number, message?: string, fields?: Record<string, string>, headers?: Record<string, string>) {
    super(code, message, fields, headers);
    this.statusCode = status;
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const unauthenticated = (message = 'Please sign in.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(fields ? 'VALIDATION_FAILED' : 'BAD_REQUEST', message, fields);
