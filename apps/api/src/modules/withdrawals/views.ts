import type { AdminWithdrawal, BankAccount, PayoutFile, Withdrawal } from '@orchard/shared';
import type { BankAccountRow, PayoutFileRow, WithdrawalRow } from './repository';

/** `DE89370400440532013000` → `•••• 3000`: enough to recognise the account, never the number. */
function maskNumber(number: string): string {
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
    processingAt: row.processingAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** `names`: display names of the members and of the operators who sent withdrawals on their way (repo.displayNames). */
export function toAdminWithdrawalView(row: WithdrawalRow, names: Map<string, string>): AdminWithdrawal {
  return {
    ...toWithdrawalView(row),
    member: { id: row.userId, displayName: names.get(row.userId) ?? '' },
    processing:
      row.processingAt && row.processingBy
        ? {
            at: row.processingAt.toISOString(),
            by: { id: row.processingBy, displayName: names.get(row.processingBy) ?? '' },
            fileId: row.processingFileId,
          }
        : null,
  };
}

/** The people a page of withdrawals names: their members and whoever sent them on their way. */
export function peopleOf(rows: WithdrawalRow[]): string[] {
  return [...new Set(rows.flatMap((row) => [row.userId, ...(row.processingBy ? [row.processingBy] : [])]))];
}

export function toPayoutFileView(row: PayoutFileRow, names: Map<string, string>): PayoutFile {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    createdBy: { id: row.createdBy, displayName: names.get(row.createdBy) ?? '' },
    currency: row.currency,
    rowCount: row.rowCount,
    total: row.total,
  };
}
