/**
 * Verifiable books (docs/decisions/0028): the jobs that link the ledger's hash chain and seal the
 * days, the public key's routes, the console's seals, and sealing for the demo data.
 */
export { ledgerChainJob } from './chain-job';
export { ledgerCheckJob } from './check-job';
export { booksSealJob } from './seal-job';
export { adminBooksRoutes, booksRoutes, booksWellKnownRoutes } from './routes';
export { sealBooks, sealKeys } from './service';
