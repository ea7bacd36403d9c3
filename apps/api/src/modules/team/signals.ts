import * as repo from './repository';

/**
 * Self-referral signals (issue 12, docs/decisions/0014). A member who invites themself usually
 * does it from their own phone or network, under their own code in a hurry, and pays out to their
 * own bank account. Each signal ties a member to one of their three uplines (or marks a burst) and
 * opens a referral hold on the member lower in the chain: the commissions their purchases bring
 * wait "on review" until an operator decides. Members never see the signals. The accounts module
 * reads the browser's device (accounts/device.ts) and calls the sign-in and registration recorders
 * it is handed at registration (app.ts), inside its own transaction.
 */

/** This many registrations under one code within the window mark the last one as a burst. */
export const BURST_COUNT = 5;
const BURST_WINDOW_MS = 60 * 60 * 1000;

/**
 * At every sign-in and registration (accounts/sign-in.ts openSession, in its transaction): the
 * device is remembered, and a device or an address shared with someone of the same chain, within
 * three levels either way, flags the member lower in the chain.
 */
export async function recordSignInSignals(
  db: repo.Queryable,
  input: { userId: string; deviceHash: string | null; ip: string | null; at: Date },
): Promise<void> {
  const { userId, deviceHash, ip, at } = input;
  if (deviceHash) {
    await repo.touchDevice(db, userId, deviceHash, ip, at);
    for (const pair of await repo.chainPairsOnDevice(db, userId, deviceHash)) {
      await repo.flag(db, { memberId: pair.downline, kind: 'same_device', relatedId: pair.upline, detail: { level: pair.level }, at });
    }
  }
  if (ip && !isLoopback(ip)) {
    for (const pair of await repo.chainPairsOnAddress(db, userId, ip)) {
      await repo.flag(db, { memberId: pair.downline, kind: 'same_address', relatedId: pair.upline, detail: { level: pair.level, ip }, at });
    }
  }
}

/** At registration: the BURST_COUNT-th member (or later) to join under one code within the window. */
export async function recordRegistrationSignals(db: repo.Queryable, input: { userId: string; referrerId: string | null; at: Date }) {
  if (!input.referrerId) return;
  const joined = await repo.joinedUnderSince(db, input.referrerId, new Date(input.at.getTime() - BURST_WINDOW_MS));
  if (joined >= BURST_COUNT) {
    await repo.flag(db, {
      memberId: input.userId,
      kind: 'registration_burst',
      relatedId: null,
      detail: { joinedWithinHour: joined },
      at: input.at,
    });
  }
}

/** When a bank account is added: the same account number as someone of the same chain. */
export async function recordBankAccountSignals(db: repo.Queryable, input: { userId: string; numberHash: string; at: Date }) {
  for (const pair of await repo.chainPairsOnBankAccount(db, input.userId, input.numberHash)) {
    await repo.flag(db, {
      memberId: pair.downline,
      kind: 'same_bank_account',
      relatedId: pair.upline,
      detail: { level: pair.level },
      at: input.at,
    });
  }
}

/**
 * Requests from this machine itself (the embedded default, tests, a local reverse proxy that does
 * not forward the address) say nothing about who is behind them.
 */
function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}
