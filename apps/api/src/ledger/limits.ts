import { AMOUNT_MAX_MINOR_CEILING, BALANCE_MAX_MINOR_CEILING } from '@orchard/shared';
import { AppError } from '../errors';

/**
 * How much one movement may move and a member balance may hold, in minor units. The database
 * enforces the ceilings (migration 0202); the configured limits (AMOUNT_MAX_MINOR,
 * BALANCE_MAX_MINOR) may be lower and are enforced here, so a movement past either is a clear
 * 4xx before the database ever sees it.
 */
export interface LedgerLimits {
  amountMax: number;
  balanceMax: number;
}

export const LEDGER_CEILINGS: LedgerLimits = { amountMax: AMOUNT_MAX_MINOR_CEILING, balanceMax: BALANCE_MAX_MINOR_CEILING };

/** The limits a service passes to postTransaction, from the configuration. */
export function ledgerLimits(config: { AMOUNT_MAX_MINOR: number; BALANCE_MAX_MINOR: number }): LedgerLimits {
  return {
    amountMax: Math.min(config.AMOUNT_MAX_MINOR, AMOUNT_MAX_MINOR_CEILING),
    balanceMax: Math.min(config.BALANCE_MAX_MINOR, BALANCE_MAX_MINOR_CEILING),
  };
}

/** One movement above the per-movement limit: nothing moved. */
export class AmountTooLargeError extends AppError {
  constructor(readonly amountMax: number) {
    const message = `One movement may move at most ${amountMax} minor units.`;
    super('AMOUNT_TOO_LARGE', message, { amount: message });
  }
}

/** A credit that would take a member balance past its limit: nothing moved. */
export class BalanceLimitError extends AppError {
  constructor(readonly accountId: number | undefined) {
    super('BALANCE_LIMIT', 'This would take the balance past its limit.', {
      amount: 'This amount would take the balance past its limit.',
    });
  }
}
