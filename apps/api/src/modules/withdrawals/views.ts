import type { AdminWithdrawal, BankAccount, Withdrawal } from '@orchard/shared';
import type { BankAccountRow, WithdrawalRow } from './repository';

/** `DE89370400440532013000` → `•••• 3000`: enough to recognise the account, never the number. */
export function maskNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

export function toBankAccountView(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    holderName: row.holderName,
    bankName: row.bankName,
    country: row.country,
    maskedNumber: maskNumber(row.number),
    numberKind: row.numberKind,
    label: row.label,
    isDefault: row.isDefault,
    usableFrom: row.usableFrom.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWithdrawalView(row: WithdrawalRow): Withdrawal {
  const account = row.accountSnapshot;
  return {
    id: row.id,
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    net: row.net,
    status: row.status,
    account: { holderName: account.holderName, bankName: account.bankName, maskedNumber: maskNumber(account.number), label: account.label },
    payoutReference: row.payoutReference,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export function toAdminWithdrawalView(row: WithdrawalRow, names: Map<string, string>): AdminWithdrawal {
  return { ...toWithdrawalView(row), member: { id: row.userId, displayName: names.get(row.userId) ?? '' } };
}
