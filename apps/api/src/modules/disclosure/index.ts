/**
 * The earnings disclosure (docs/decisions/0031): its public route and daily job, for app.ts, and
 * the daily publication, for the demo seeding (ARCHITECTURE.md, rule 14).
 */
export { disclosureJob, disclosureRoutes } from './routes';
export { publishDailyDisclosure } from './service';
