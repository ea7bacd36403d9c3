/**
 * Bank reconciliation: what app.ts and the demo seeding may use (ARCHITECTURE.md, rule 14).
 */
export { adminReconciliationRoutes } from './routes';
export { importStatement } from './import-statement';
export { resolveLine } from './resolve-line';
export { listBankLines, reconciliationDay } from './day';
