/**
 * The audit log's front door (ARCHITECTURE.md, rule 14): a line written in the transaction of the
 * change it records, and a console action recorded with the operator scope's actor.
 */
export { actorJson, type ConsoleActor, consoleEntriesWritten, noteConsoleActionRecorded, recordConsoleAction } from './console';
export { insertAudit } from './repository';
