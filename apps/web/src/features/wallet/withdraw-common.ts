import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { bankAccountsQueryOptions, type BankAccount } from './api';
import { serverAlignedDeadline } from './logic';

/** What the withdrawal pages (/withdraw, /withdraw/bank, /withdraw/log) share. */

export function accountName(account: { bankName: string; maskedNumber: string; label: string | null }): string {
  return `${account.label ?? account.bankName} ${account.maskedNumber}`;
}

/** When an account's payouts open, on this device's clock (the server's answer says when it was made). */
export type OpensAt = (account: BankAccount) => number;

export function useOpensAt(): OpensAt | undefined {
  const accounts = useQuery(bankAccountsQueryOptions());
  const data = accounts.data;
  if (!data) return undefined;
  return (account) => serverAlignedDeadline(account.usableFrom, data.serverTime, accounts.dataUpdatedAt);
}

export const isCooling = (account: BankAccount, opensAt: OpensAt) => opensAt(account) > Date.now();

/** Renders again when `at` (ms) passes, so a cool-down that ends while the page is open lets go. */
export function useRenderAt(at: number) {
  const [, setPassed] = useState(0);
  useEffect(() => {
    const wait = at - Date.now();
    if (wait <= 0 || wait > 2_147_483_647) return;
    const timer = setTimeout(() => setPassed((count) => count + 1), wait + 50);
    return () => clearTimeout(timer);
  }, [at]);
}
