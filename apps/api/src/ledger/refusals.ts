import { AppError } from '../errors';

/** A debit the member's balance cannot cover: nothing moved. */
export class InsufficientFundsError extends AppError {
  constructor(readonly accountId: number) {
    super('INSUFFICIENT_FUNDS', 'The balance is too low for this.', { amount: 'The balance is too low for this amount.' });
  }
}

/**
 * An idempotency key already posted for a different movement (another account, direction or
 * amount): a 422, so a reused key is never reported as a success that moved nothing.
 */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different money movement (another member, direction or amount). Use a new key for a new request.',
    );
  }
}
