/**
 * Health, client error reports and the test clock: their routes, for app.ts (ARCHITECTURE.md, rule 14).
 */
export { systemRoutes } from './routes';
export { testClockRoutes } from './test-clock';
export { MaintenanceSwitch } from './maintenance';
export { adminMaintenanceRoutes, maintenanceRoutes } from './maintenance-routes';
