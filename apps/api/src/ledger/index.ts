/**
 * The ledger: the only code that writes money tables (ledger_accounts, ledger_transactions,
 * ledger_entries), through one database function, `ledger_post` (sql/ledger_post.sql). The hot
 * money paths are database functions of their modules (plan_purchase, recharge_credit,
 * withdrawal_request …) that call it in the same statement; the few postings made from
 * TypeScript (a refund, a wallet-credit coupon) call `postTransaction`, which calls it inside
 * the caller's database transaction. Also the ledger's reads: statements, balances, the
 * integrity report.
 */
export {
  ensureMemberAccounts,
  lockMemberBalances,
  platformAccountId,
  resolveAccounts,
  type MemberAccounts,
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
export { LEDGER_CEILINGS, ledgerLimits, type LedgerLimits } from './limits';
export { buildIntegrityReport } from './integrity-report';
export {
  IdempotencyKeyReusedError,
  InsufficientFundsError,
  postTransaction,
  type LedgerEntryInput,
} from './post-transaction';
export { getMemberBalances, listMemberEntries, type StatementEntry, type StatementFilter } from './statement';
export { formatIntegrityReport } from './format-report';
export { listMemberEvents, type StatementEventFilter } from './statement-events';
export type { StatementEventView } from './statement-event-view';
export { chainHorizon, linkChain, linkChainNow, verifyChain, type ChainHorizon } from './chain';
export { chainHead } from './chain-rows';
export { verifySeals } from './seal-check';
export { incrementalCheck, type IncrementalCheck } from './incremental-check';
export { accountBalanceAt, memberBalancesAt } from './balance-at';
