/**
 * `npm run ledger:verify`: checks every ledger invariant against the configured database
 * (DATABASE_URL, or the PGlite directory DATA_DIR) and prints a trial balance. Exit code 0 when
 * intact, 1 on any breach, 2 when the check could not run. Read-only.
 *
 * With the embedded PGlite store, stop the server first (one process at a time may open the
 * directory) or use the operator console's ledger report instead.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildIntegrityReport, formatIntegrityReport } from './ledger/index';
import { sealKeys } from './modules/books/index';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.DATABASE_URL && !existsSync(config.DATA_DIR)) {
    console.error(`No database: DATABASE_URL is not set and the PGlite directory ${config.DATA_DIR} does not exist.`);
    return 2;
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    poolSize: 2,
  });
  try {
    console.log(`Database: ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`}`);
    const report = await buildIntegrityReport(database.db, new Date(), { publishedKeys: sealKeys(config, { create: false }) });
    for (const line of formatIntegrityReport(report)) console.log(line);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Ledger verification could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
