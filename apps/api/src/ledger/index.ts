/**
 * The ledger: the only code that writes money tables (ledger_accounts, ledger_transactions,
 * ledger_entries). Everything else moves money by calling `postTransaction` inside its own
 * database transaction.
 */
export {
  ensureMemberAccounts,
  lockMemberBalances,
  platformAccountId,
  resolveAccounts,
  type MemberAccounts,
  type MemberAccountType,
  type PlatformAccountType,
} from './accounts';
export { minorUnitDigits } from './currency';
export {
  constraintOf,
  ledgerRefusalError,
  limitErrorOf,
  moneyRefusalOf,
  sqlStateOf,
  withRetries,
  withTransaction,
  type MoneyRefusal,
} from './database-errors';
export { AmountTooLargeError, BalanceLimitError, LEDGER_CEILINGS, ledgerLimits, type LedgerLimits } from './limits';
export { buildIntegrityReport, type IntegrityReport } from './integrity-report';
export {
  IdempotencyKeyReusedError,
  InsufficientFundsError,
  postTransaction,
  type LedgerEntryInput,
  type PostTransactionInput,
  type PostedTransaction,
} from './post-transaction';
export { getMemberBalances, listMemberEntries, type StatementEntry, type StatementFilter } from './statement';
export { formatIntegrityReport } from './format-report';
export { listMemberEvents, type StatementEventFilter, type StatementEventView } from './statement-events';
export { chainHorizon, linkChain, linkChainNow, verifyChain, type ChainHorizon, type LinkRun } from './chain';
export { chainHead } from './chain-rows';
export { verifySeals } from './seal-check';
export { incrementalCheck } from './incremental-check';
