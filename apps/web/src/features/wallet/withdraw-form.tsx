import { useEffect, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { Clock, Landmark } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { Form, MoneyField, SubmitButton, useFieldError, useZodForm } from '../../components/ui/form';
import { moneyText } from '../../components/ui/money-schema';
import { currencyFractionDigits, formatMoney, formatPercent, formatShortDateTime } from '../../lib/format';
import { decimalStringToMinor } from '@orchard/shared/money';
import { useWithdrawalQuote, WITHDRAW_AMOUNT_CEILING, type BankAccount, type WithdrawalQuote } from './api';
import { ChoiceCard } from './components';
import { minorToInput } from './logic';
import { useWalletMessages } from './messages';
import { accountName, isCooling, useRenderAt, type OpensAt } from './withdraw-common';
import { useWithdrawConfirm, WithdrawConfirmSheet } from './withdraw-confirm';

type Money = (minor: number) => string;

/** Round amounts up to the balance, then the whole balance: 10, 50, 100 … of the major unit. */
function withdrawPresets(available: number, digits: number): number[] {
  const unit = 10 ** digits;
  const round = [10, 50, 100, 500].map((major) => major * unit).filter((value) => value < available);
  return [...round.slice(-3), ...(available > 0 ? [available] : [])];
}

/** The amount typed, in minor units (null while it is not a number). */
const typedMinor = (text: string | undefined, digits: number) =>
  decimalStringToMinor(
    String(text ?? '')
      .trim()
      .replace(/\s/g, ''),
    digits,
  );

/** The default account if it is not cooling down, else the first that is not, else the first. */
const firstAccount = (accounts: BankAccount[], opensAt: OpensAt) =>
  accounts.find((account) => account.isDefault && !isCooling(account, opensAt)) ??
  accounts.find((account) => !isCooling(account, opensAt)) ??
  accounts[0]!;

function useWithdrawSchema(digits: number) {
  const { t } = useWalletMessages();
  return useMemo(
    () =>
      z.object({
        account: z.string(),
        amount: moneyText(
          digits,
          { min: 1, max: WITHDRAW_AMOUNT_CEILING },
          {
            required: t('withdraw.errors.required'),
            invalid: t('withdraw.errors.invalid'),
            tooLow: t('withdraw.errors.tooLow'),
            tooHigh: t('withdraw.errors.tooHigh'),
          },
        ),
      }),
    [digits, t],
  );
}

/** Why the quote cannot be taken (a limit, the balance, a debt), in words; null when it can. */
function useBlockedText(money: Money) {
  const { t } = useWalletMessages();
  return (q: WithdrawalQuote) =>
    q.blocked
      ? t(`withdraw.blocked.${q.blocked}`, {
          min: money(q.min),
          max: money(q.max),
          remaining: money(q.remainingToday),
          available: money(q.available),
          debt: money(q.debt),
          withdrawable: money(q.withdrawable),
        })
      : null;
}

/**
 * The withdraw form: what can be withdrawn, the account, the amount with the server's quote, then
 * the confirm sheet (checked again against a fresh quote when the member continues).
 */
export function WithdrawForm(props: {
  accounts: BankAccount[];
  opensAt: OpensAt;
  available: number;
  /** Owed after a refunded purchase: settled from the next earnings, never withdrawn. */
  debt: number;
  currency: string;
}) {
  const { accounts, opensAt, available, debt, currency } = props;
  const { t } = useWalletMessages();
  const digits = currencyFractionDigits(currency);
  const money = (minor: number) => formatMoney(minor, { currency });
  const withdrawable = Math.max(0, available - debt);
  const first = firstAccount(accounts, opensAt);
  const form = useZodForm(useWithdrawSchema(digits), { defaultValues: { account: first.id, amount: '' } });
  const account = accounts.find((item) => item.id === form.watch('account')) ?? first;
  useRenderAt(opensAt(account));
  const { quote, quoted } = useWithdrawalQuote(typedMinor(form.watch('amount'), digits));
  const blockedText = useBlockedText(money);
  const confirm = useWithdrawConfirm(form, quote, money);
  useEffect(preloadConfirmSheet, []);
  return (
    <Form
      form={form}
      className="gap-6"
      onSubmit={async ({ amount }) => {
        const fresh = await quote.refetch().then((result) => result.data);
        const current = fresh && fresh.amount === amount ? fresh : undefined;
        if (!current) return;
        const problem = blockedText(current);
        if (problem) return form.setError('amount', { message: problem });
        if (isCooling(account, opensAt)) return;
        confirm.open(current);
      }}
    >
      <WithdrawableCard withdrawable={withdrawable} debt={debt} money={money} />
      <AccountChoice
        accounts={accounts}
        account={account}
        opensAt={opensAt}
        registration={form.register('account', { onChange: () => form.clearErrors() })}
      />
      <MoneyField
        name="amount"
        label={t('withdraw.amount')}
        currency={currency}
        hint={
          quote.data
            ? t('withdraw.amountHint', {
                min: money(quote.data.min),
                max: money(quote.data.max),
                remaining: money(quote.data.remainingToday),
              })
            : undefined
        }
        presets={withdrawPresets(withdrawable, digits).map((value) => ({ value: minorToInput(value, digits), label: money(value) }))}
        presetsLabel={t('withdraw.presets')}
      />
      {quote.data && quoted !== null ? <QuoteSummary quote={quote.data} blocked={blockedText(quote.data)} money={money} /> : null}
      <ContinueButton coolingUntil={isCooling(account, opensAt) ? opensAt(account) : null} />
      <WithdrawConfirmSheet confirm={confirm} account={account} money={money} />
    </Form>
  );
}

function WithdrawableCard({ withdrawable, debt, money }: { withdrawable: number; debt: number; money: Money }) {
  const { t } = useWalletMessages();
  return (
    <Card className="flex flex-col gap-1 p-4">
      <span className="text-sm text-gray-600 dark:text-gray-400">{t('withdraw.available')}</span>
      <span className="text-2xl font-semibold text-gray-900 tabular-nums dark:text-gray-50">{money(withdrawable)}</span>
      {debt > 0 ? <p className="text-sm text-amber-800 dark:text-amber-300">{t('withdraw.debt', { debt: money(debt) })}</p> : null}
    </Card>
  );
}

/** The member's accounts as radio cards; one cooling down says until when. */
function AccountChoice({
  accounts,
  account,
  opensAt,
  registration,
}: {
  accounts: BankAccount[];
  account: BankAccount;
  opensAt: OpensAt;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useWalletMessages();
  return (
    // min-w-0: a fieldset is at least as wide as its content, which would widen the page.
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-gray-900 dark:text-gray-100">{t('withdraw.account')}</legend>
      {accounts.map((item) => {
        const cooling = isCooling(item, opensAt);
        return (
          <ChoiceCard
            key={item.id}
            value={item.id}
            checked={item.id === account.id}
            icon={Landmark}
            name={accountName(item)}
            truncate
            note={
              <span className={cn('text-xs', cooling ? 'text-amber-800 dark:text-amber-300' : 'truncate text-gray-600 dark:text-gray-400')}>
                {cooling ? t('withdraw.coolingUntil', { when: formatShortDateTime(opensAt(item)) }) : item.holderName}
              </span>
            }
            registration={registration}
          />
        );
      })}
      <AccountError name="account" />
      <Link
        to="/withdraw/bank"
        className="text-primary-700 dark:text-primary-400 self-start text-sm font-semibold underline-offset-4 hover:underline"
      >
        {t('withdraw.accounts')}
      </Link>
    </fieldset>
  );
}

/** A message about the chosen account (cooling down, or gone meanwhile). */
function AccountError({ name }: { name: string }) {
  const message = useFieldError(name);
  return message ? <p className="text-sm text-red-700 dark:text-red-400">{message}</p> : null;
}

/** The fee, its rule, what the member receives, and why it cannot go ahead if it cannot. */
function QuoteSummary({ quote, blocked, money }: { quote: WithdrawalQuote; blocked: string | null; money: Money }) {
  const { t } = useWalletMessages();
  return (
    <dl className="flex flex-col gap-2 rounded-2xl bg-gray-50 p-4 text-sm dark:bg-gray-900" aria-live="polite">
      <div className="flex justify-between gap-4">
        <dt className="text-gray-600 dark:text-gray-400">{t('withdraw.fee')}</dt>
        <dd className="text-gray-900 tabular-nums dark:text-gray-100">{money(quote.fee)}</dd>
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">
        {t('withdraw.feeRule', { fixed: money(quote.feeFixed), percent: formatPercent(quote.feeBp) })}
      </p>
      <div className="flex justify-between gap-4 text-base font-semibold">
        <dt className="text-gray-900 dark:text-gray-100">{t('withdraw.youReceive')}</dt>
        <dd className="text-gray-900 tabular-nums dark:text-gray-50">{money(quote.net)}</dd>
      </div>
      {blocked ? <p className="text-amber-800 dark:text-amber-300">{blocked}</p> : null}
    </dl>
  );
}

/** "Continue", held while the chosen account cools down (and saying until when). */
function ContinueButton({ coolingUntil }: { coolingUntil: number | null }) {
  const { t } = useWalletMessages();
  const cooling = coolingUntil !== null;
  return (
    <div className="flex flex-col gap-2">
      {cooling ? (
        <p id="withdraw-cooling" className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-300">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('withdraw.coolingNotice', { when: formatShortDateTime(coolingUntil) })}
        </p>
      ) : null}
      <SubmitButton disabled={cooling} aria-describedby={cooling ? 'withdraw-cooling' : undefined}>
        {t('withdraw.continue')}
      </SubmitButton>
    </div>
  );
}
