/** "Download my data" (/profile): its routes, for app.ts (ARCHITECTURE.md, rule 14). */
export { dataExportRoutes } from './routes';
