/**
 * The team: its routes, and the self-referral signals other modules record (the accounts plugin is
 * handed the sign-in and registration ones by app.ts; a new bank account records its own).
 * ARCHITECTURE.md, rule 14.
 */
export { adminTeamRoutes } from './admin-routes';
export { teamRoutes } from './routes';
export { recordBankAccountSignals, recordRegistrationSignals, recordSignInSignals } from './signals';
