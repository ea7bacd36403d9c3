/**
 * The console dashboard: its routes and hourly rollup job, for app.ts (ARCHITECTURE.md, rule 14).
 */
export { adminDashboardRoutes, dashboardRollupJob } from './routes';
