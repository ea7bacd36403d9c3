/**
 * Verifiable books (docs/decisions/0028): the job that links the ledger's hash chain.
 */
export { ledgerChainJob } from './chain-job';
