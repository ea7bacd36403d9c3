/**
 * `npm run operator:password`: sets a new password for the operator account of the configured
 * database (DATABASE_URL, or the PGlite directory DATA_DIR), for when the one printed at the first
 * start is lost. The account is OPERATOR_EMAIL (default operator@orchard.local) or `--email=…`.
 * The new password comes from OPERATOR_PASSWORD when set, else it is asked for twice without
 * echo, or read from the first line of standard input when that is not a terminal
 * (`printf '%s\n' "$NEW" | npm run operator:password`). It is never taken as an argument (other
 * users of the machine can read a command line) and never printed. The account's sessions end and
 * the change is audited (modules/accounts/operator-password.ts).
 *
 * With the embedded PGlite store, stop the server first: one process at a time may open the
 * directory. Exit code 0 when set, 1 when refused (password, account), 2 when it could not run.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { passwordProblem } from './lib/password-policy';
import { setOperatorPassword } from './modules/accounts/index';

const DEFAULT_OPERATOR_EMAIL = 'operator@orchard.local';

function emailArgument(argv: string[]): string | undefined {
  const given = argv.find((arg) => arg.startsWith('--email='));
  return given?.slice('--email='.length);
}

/** One line typed without echo (a terminal in raw mode); Ctrl-C cancels. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  // No echo before the prompt shows: a quick typist's first keys would be echoed otherwise.
  input.setRawMode(true);
  process.stdout.write(prompt);
  input.setEncoding('utf8');
  input.resume();
  let value = '';
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003' || char === '\u0004') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of standard input (a pipe or a file). */
async function firstLineOfInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function newPassword(fromEnvironment: string | undefined): Promise<string | null> {
  if (fromEnvironment !== undefined) {
    console.log('Using the new password in OPERATOR_PASSWORD.');
    return fromEnvironment;
  }
  if (!process.stdin.isTTY) return firstLineOfInput();
  const first = await askHidden('New operator password: ');
  const again = await askHidden('Repeat it: ');
  if (first !== again) {
    console.error('The two passwords are not the same. Nothing was changed.');
    return null;
  }
  return first;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const email = emailArgument(process.argv.slice(2)) ?? config.OPERATOR_EMAIL ?? DEFAULT_OPERATOR_EMAIL;
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  if (!config.DATABASE_URL && !existsSync(config.DATA_DIR)) {
    console.error(
      `No database: DATABASE_URL is not set and the PGlite directory ${config.DATA_DIR} does not exist. Start the app once first.`,
    );
    return 2;
  }
  console.log(`Setting a new password for the operator ${email} (database: ${where}).`);
  const password = await newPassword(config.OPERATOR_PASSWORD);
  if (password === null) return 1;
  if (password === '') {
    console.error('No password was given. Nothing was changed.');
    return 1;
  }
  // Refused before the database is opened (setOperatorPassword checks it again).
  const problem = passwordProblem(password);
  if (problem) {
    console.error(`${problem} Nothing was changed.`);
    return 1;
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    poolSize: 2,
  });
  try {
    const result = await setOperatorPassword({ db: database.db, clock: systemClock, config }, { email, password });
    if (result.ok) {
      console.log(`Done: ${result.email} has a new password (${result.sessionsEnded} signed-in session(s) ended). Sign in at /admin.`);
      return 0;
    }
    if (result.problem === 'password') console.error(`${result.message} Nothing was changed.`);
    else
      console.error(
        `No operator account ${email} in this database. Operators here: ${result.operators.join(', ') || 'none'}. Name one with --email=…`,
      );
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(message === 'cancelled' ? 'Cancelled. Nothing was changed.' : `The password could not be set: ${message}`);
    process.exit(2);
  },
);
