/**
 * The wallet: its routes, and the balance and statement reads the console's ledger pages show
 * (ARCHITECTURE.md, rule 14).
 */
export { walletRoutes } from './routes';
export { exportEventsCsv, exportTransactionsCsv, getWallet, listEvents, listTransactions } from './service';
export { balancesAt } from './balances-at';
