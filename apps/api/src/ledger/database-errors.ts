import type { Db, Tx } from '../db/client';
import { AppError } from '../errors';
import { AmountTooLargeError, BalanceLimitError, LEDGER_CEILINGS } from './limits';
import { IdempotencyKeyReusedError, InsufficientFundsError } from './refusals';

/** The SQLSTATE of a database error, looking through driver and ORM wrappers. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a database error names, if any. */
export function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** CHECK constraints of migration 0202 (money ceilings) → the 4xx the service would have given. */
const BALANCE_CHECKS = new Set(['ledger_accounts_member_balance_max', 'ledger_entries_balance_after_max']);
const AMOUNT_CHECKS = new Set(['ledger_entries_amount_max', 'recharge_orders_amount_max', 'payment_channels_amount_max']);

/**
 * A money-limit CHECK violation as the client error it stands for, or undefined. The services
 * check the configured limits first; this covers whatever reaches the database past them, so a
 * ceiling is never a 500.
 */
export function limitErrorOf(error: unknown): AppError | undefined {
  if (sqlStateOf(error) !== '23514') return undefined;
  const constraint = constraintOf(error);
  if (constraint && BALANCE_CHECKS.has(constraint)) return new BalanceLimitError(undefined);
  if (constraint && AMOUNT_CHECKS.has(constraint)) return new AmountTooLargeError(LEDGER_CEILINGS.amountMax);
  return undefined;
}

/**
 * A refusal raised by the money functions of the database (money_refuse, sql/money_refuse.sql: SQLSTATE 'OR001',
 * MESSAGE = the refusal's code, DETAIL = a JSON object), or undefined for any other error.
 */
export interface MoneyRefusal {
  code: string;
  detail: Record<string, unknown>;
}

const MONEY_REFUSAL_STATE = 'OR001';

export function moneyRefusalOf(error: unknown): MoneyRefusal | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, detail } = current as { code?: unknown; message?: unknown; detail?: unknown };
    if (code === MONEY_REFUSAL_STATE && typeof message === 'string') {
      let parsed: unknown = {};
      try {
        parsed = typeof detail === 'string' && detail !== '' ? JSON.parse(detail) : {};
      } catch {
        parsed = {};
      }
      return { code: message, detail: parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {} };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The ledger's own refusals (ledger_post) as the 4xx errors they stand for. */
export function ledgerRefusalError(refusal: MoneyRefusal | undefined): AppError | undefined {
  if (!refusal) return undefined;
  const accountId = typeof refusal.detail.accountId === 'number' ? refusal.detail.accountId : undefined;
  switch (refusal.code) {
    case 'INSUFFICIENT_FUNDS':
      return new InsufficientFundsError(accountId ?? 0);
    case 'BALANCE_LIMIT':
      return new BalanceLimitError(accountId);
    case 'AMOUNT_TOO_LARGE':
      return new AmountTooLargeError(typeof refusal.detail.amountMax === 'number' ? refusal.detail.amountMax : LEDGER_CEILINGS.amountMax);
    case 'IDEMPOTENCY_KEY_REUSED':
      return new IdempotencyKeyReusedError();
    default:
      return undefined;
  }
}

/** serialization_failure, deadlock_detected, lock_not_available: the work may simply be run again. */
const RETRYABLE = new Set(['40001', '40P01', '55P03']);

export interface TransactionOptions {
  /** How many times in all to try before answering 409. */
  attempts?: number;
}

/**
 * Runs `work` again after a serialization failure or a deadlock (both are normal under
 * concurrency and must never become a 5xx). When it keeps failing the caller gets a 409 it can
 * retry with the same Idempotency-Key. A money-limit CHECK violation or a refusal of the ledger's
 * database functions becomes its 4xx. `work` must be atomic on its own: one transaction, or one
 * statement (a call of a money function is one statement, so one round trip).
 */
export async function withRetries<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 6;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const state = sqlStateOf(error);
      if (state === undefined || !RETRYABLE.has(state)) throw limitErrorOf(error) ?? ledgerRefusalError(moneyRefusalOf(error)) ?? error;
      if (attempt >= attempts) {
        throw new AppError('CONFLICT', 'The system is busy with the same records. Please try again.', undefined, {
          'retry-after': '1',
        });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** Runs `work` in one database transaction, with `withRetries`' retries and error mapping. */
export async function withTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  return withRetries(() => db.transaction(work), options);
}
