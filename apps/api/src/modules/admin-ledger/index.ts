/**
 * The console's ledger pages and balance adjustments: what app.ts and the demo seeding may use
 * (ARCHITECTURE.md, rule 14).
 */
export { adminLedgerRoutes } from './routes';
export { adjustBalance } from './service';
