import { recordBankAccountSignals } from '../team/index';
import { createHash } from 'node:crypto';
import { getCountrySpecifications, isValidIBAN } from 'ibantools';
import { BANK_ACCOUNTS_MAX, type BankAccount, type CreateBankAccountBody, type UpdateBankAccountBody } from '@orchard/shared';
import { lockMember } from '../../db/member-lock';
import { AppError, notFound } from '../../errors';
import { withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import * as repo from './repository';
import { toBankAccountView } from './views';

const HOUR_MS = 3_600_000;
/**
 * Removed accounts a member's list keeps beyond those a withdrawal was paid to (which stay for
 * good): the team checks compare new numbers with them (team/signals.ts), so the newest are kept,
 * each number once; older ones are deleted, so adding and removing in a loop stores no more.
 */
export const REMOVED_BANK_ACCOUNTS_KEPT = 10;
export const bankAccountNotFound = () => notFound('No such bank account.');

const invalidNumber = (message: string) => new AppError('VALIDATION_FAILED', 'Some fields need attention.', { number: message });
const otherCountry = (country: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields need attention.', {
    country: `This IBAN is from ${country}: choose that country, or check the number.`,
  });

/**
 * What kind of number this is: an IBAN (checksum and the country's format, by ibantools) where the
 * country uses them, or a plain account number where it does not. A valid IBAN names its country:
 * it must be the account's country (refused on `country` otherwise, whichever country was chosen).
 */
function classifyNumber(country: string, number: string): 'iban' | 'account' {
  const ibanOf = /^[A-Z]{2}\d{2}/.test(number) && isValidIBAN(number) ? number.slice(0, 2) : null;
  if (ibanOf !== null && ibanOf !== country) throw otherCountry(ibanOf);
  const spec = getCountrySpecifications()[country];
  const usesIban = Boolean(spec?.IBANRegistry && spec.chars);
  if (!usesIban) return 'account';
  if (!number.startsWith(country)) throw invalidNumber(`Enter the IBAN: in ${country} it starts with ${country}.`);
  if (ibanOf === null) throw invalidNumber('This IBAN is not valid: check it for a typo.');
  return 'iban';
}

/** The number's hash: accounts compared (with an upline's, for referral checks) without reading numbers. */
function numberHash(number: string): string {
  return createHash('sha256').update(number).digest('hex');
}

export async function listBankAccounts(
  deps: ServiceDeps,
  userId: string,
): Promise<{ items: BankAccount[]; max: number; serverTime: string }> {
  const rows = await repo.listBankAccounts(deps.db, userId);
  return { items: rows.map(toBankAccountView), max: BANK_ACCOUNTS_MAX, serverTime: deps.clock.now().toISOString() };
}

/**
 * Adds a bank account. It can receive payouts once the operator's cool-down is over (a stolen
 * session adding its own account cannot be paid at once). At most BANK_ACCOUNTS_MAX; the first one,
 * or one asked to be, is the default.
 */
export async function createBankAccount(deps: ServiceDeps, userId: string, body: CreateBankAccountBody): Promise<BankAccount> {
  const numberKind = classifyNumber(body.country, body.number);
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    await repo.lockMemberAccounts(tx, userId);
    const existing = await repo.listBankAccounts(tx, userId);
    if (existing.length >= BANK_ACCOUNTS_MAX) {
      throw new AppError('BANK_ACCOUNTS_LIMIT', `You can keep up to ${BANK_ACCOUNTS_MAX} bank accounts. Remove one to add another.`);
    }
    const settings = await repo.readSettings(tx);
    const isDefault = existing.length === 0 || body.isDefault === true;
    if (isDefault) await repo.clearDefault(tx, userId);
    const row = await repo.insertBankAccount(tx, {
      userId,
      holderName: body.holderName,
      bankName: body.bankName,
      country: body.country,
      number: body.number,
      numberKind,
      numberHash: numberHash(body.number),
      label: body.label ?? null,
      isDefault,
      usableFrom: new Date(now.getTime() + settings.cooldownHours * HOUR_MS),
      createdAt: now,
    });
    // An upline's (or downline's) account number here is a self-referral signal (team/signals.ts).
    await recordBankAccountSignals(tx, { userId, numberHash: row.numberHash, at: now });
    return toBankAccountView(row);
  });
}

/** Renames an account or makes it the default; the number never changes (remove and add instead). */
export async function updateBankAccount(deps: ServiceDeps, userId: string, id: string, body: UpdateBankAccountBody): Promise<BankAccount> {
  if (!isUuid(id)) throw bankAccountNotFound();
  return withTransaction(deps.db, async (tx) => {
    await repo.lockMemberAccounts(tx, userId);
    const row = await repo.findBankAccount(tx, userId, id);
    if (!row) throw bankAccountNotFound();
    if (body.isDefault) await repo.clearDefault(tx, userId);
    const updated = await repo.updateBankAccount(tx, id, {
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(body.isDefault ? { isDefault: true } : {}),
    });
    return toBankAccountView(updated);
  });
}

/**
 * Removes an account from the member's list. Withdrawals already requested keep their snapshot of
 * it and are paid as requested; the oldest remaining account becomes the default. The removed row
 * stays (withdrawals refer to it; the team checks compare numbers with it), but no more than
 * REMOVED_BANK_ACCOUNTS_KEPT of them, each number once, plus those a withdrawal refers to. Taken
 * under the member's `payouts` lock first (as a withdrawal request is), so no request can be
 * writing a withdrawal to a row this deletes.
 */
export async function deleteBankAccount(deps: ServiceDeps, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw bankAccountNotFound();
  await withTransaction(deps.db, async (tx) => {
    await lockMember(tx, 'payouts', userId);
    await repo.lockMemberAccounts(tx, userId);
    const row = await repo.findBankAccount(tx, userId, id);
    if (!row) throw bankAccountNotFound();
    await repo.updateBankAccount(tx, id, { removedAt: deps.clock.now(), isDefault: false });
    if (row.isDefault) {
      const [next] = await repo.listBankAccounts(tx, userId);
      if (next) await repo.updateBankAccount(tx, next.id, { isDefault: true });
    }
    await repo.pruneRemovedBankAccounts(tx, userId, REMOVED_BANK_ACCOUNTS_KEPT);
  });
}
