import type { Readable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import { matchLanguage } from '@orchard/shared';
import { AppError } from '../../errors';
import { translateText } from '../../i18n/translate';
import { csvLine } from '../../lib/csv';
import type { ServiceDeps } from '../../lib/service-deps';
import { generateToken, sha256Hex } from '../../lib/tokens';
import { exportEventsCsv, exportTransactionsCsv, listEvents, listTransactions } from '../wallet/index';
import * as repo from './repository';

/** How long a download link works, and how many a member may ask for in a day. */
const LINK_MINUTES = 15;
const PER_DAY = 3;
const DAY = 86_400_000;

/**
 * Asks for a download: a random single-use link for this member, valid for LINK_MINUTES; at most
 * PER_DAY a day (429 RATE_LIMITED, nothing written). Only the token's hash is stored.
 */
export async function requestDataExport(deps: ServiceDeps, userId: string): Promise<{ url: string; expiresAt: string }> {
  const now = deps.clock.now();
  if ((await repo.requestsSince(deps.db, userId, new Date(now.getTime() - DAY))) >= PER_DAY)
    throw new AppError('RATE_LIMITED', `At most ${PER_DAY} downloads a day. Try again tomorrow.`);
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + LINK_MINUTES * 60_000);
  await repo.insertExport(deps.db, { userId, tokenHash: sha256Hex(token), now, expiresAt });
  return { url: `/api/v1/me/data-export/${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * The download: the link is used up first (a second use, another member's link, or an expired one
 * is 404 and builds nothing), then the ZIP is built from the member's own rows.
 */
export async function downloadDataExport(deps: ServiceDeps, userId: string, token: string): Promise<Uint8Array> {
  if (!(await repo.consumeExport(deps.db, userId, sha256Hex(token), deps.clock.now())))
    throw new AppError('NOT_FOUND', 'This download link was used already or has expired. Ask for a new one.');
  return buildArchive(deps, userId);
}

type Cell = string | number | boolean | null;
const cellOf = (value: unknown): Cell =>
  value instanceof Date
    ? value.toISOString()
    : value === null || value === undefined
      ? null
      : typeof value === 'object'
        ? JSON.stringify(value)
        : (value as Cell);

/** Rows as CSV: one header line of the columns, then one line per row. */
function toCsv(rows: repo.Rows): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  return [csvLine(columns), ...rows.map((row) => csvLine(columns.map((column) => cellOf(row[column]))))].join('\r\n') + '\r\n';
}

async function textOf(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** Every page of a keyset listing. */
async function allPages<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    items.push(...next.items);
    cursor = next.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

async function buildArchive(deps: ServiceDeps, userId: string): Promise<Uint8Array> {
  const [profile, sessions, purchases, commissions, team, withdrawals, bankAccounts] = await Promise.all([
    repo.profileOf(deps.db, userId),
    repo.sessionsOf(deps.db, userId),
    repo.purchasesOf(deps.db, userId),
    repo.commissionsOf(deps.db, userId),
    repo.teamCountsOf(deps.db, userId),
    repo.withdrawalsOf(deps.db, userId),
    repo.bankAccountsOf(deps.db, userId),
  ]);
  const events = await allPages((cursor) => listEvents(deps, userId, { limit: '100', ...(cursor ? { cursor } : {}) }));
  const entries = await allPages((cursor) => listTransactions(deps, userId, { limit: '100', ...(cursor ? { cursor } : {}) }));
  const tables: Record<string, repo.Rows> = {
    profile,
    sessions,
    purchases,
    commissions,
    team: team,
    withdrawals,
    'bank-accounts': bankAccounts,
  };
  const files: Record<string, Uint8Array> = {
    // The guide to the files in the member's own language (the data itself stays as stored).
    'README.txt': strToU8(translateText(matchLanguage([String(profile[0]?.language ?? '')]) ?? 'en', README)),
    'statement-events.json': strToU8(JSON.stringify(events, null, 2)),
    'statement-events.csv': strToU8(await textOf(exportEventsCsv(deps, userId, {}))),
    'ledger-entries.json': strToU8(JSON.stringify(entries, null, 2)),
    'ledger-entries.csv': strToU8(await textOf(exportTransactionsCsv(deps, userId, {}))),
  };
  for (const [name, rows] of Object.entries(tables)) {
    files[`${name}.json`] = strToU8(JSON.stringify(rows, null, 2));
    files[`${name}.csv`] = strToU8(toCsv(rows));
  }
  return zipSync({ 'orchard-data': files }, { level: 6, mtime: deps.clock.now() });
}

const README = `Your data at Orchard, as JSON and CSV.

profile: your account (the terms you accepted are in it); sessions: where you were signed in;
statement-events and ledger-entries: your statement, as you read it and entry by entry;
purchases: the plans you bought; commissions: what you were paid, by level (never who bought);
team: how many members are in each level of your team; withdrawals and bank-accounts: account
numbers masked to their last four characters. Amounts are in minor units (cents) unless a CSV
says otherwise.
`;
