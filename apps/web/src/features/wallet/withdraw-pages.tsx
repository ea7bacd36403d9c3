import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Ban, CheckCircle2, Clock, Fingerprint, Hourglass, Landmark, Send, XCircle, type LucideIcon } from 'lucide-react';
import { z } from 'zod';
import type { WithdrawalStatus } from '@orchard/shared';
import { Page } from '../../components/page';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ConfirmActions, ConfirmSheet, preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { DayGroupedList, LoadMore } from '../../components/ui/day-list';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Form, MoneyField, SubmitButton, useFieldError, useZodForm } from '../../components/ui/form';
import { applyServerError } from '../../components/ui/form-errors';
import { moneyText } from '../../components/ui/money-schema';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { isPasskeyCancelled, passkeysQueryOptions, passkeySupported, stepUpWithPasskey } from '../../lib/passkeys';
import { currencyFractionDigits, formatMoney, formatPercent, formatShortDateTime } from '../../lib/format';
import { useIntentKey } from '../../lib/intent-key';
import {
  bankAccountsQueryOptions,
  cancelWithdrawal,
  createWithdrawal,
  stepUp,
  walletQueryOptions,
  withdrawalQuoteQueryOptions,
  withdrawalsQueryOptions,
  type BankAccount,
  type Withdrawal,
  type WithdrawalQuote,
} from './api';
import { ListSkeleton, Skeleton, TonePill } from './components';
import { decimalStringToMinor } from '@orchard/shared/money';
import { minorToInput, withdrawalStatusTone } from './logic';
import { useWalletMessages } from './messages';
import { accountName, isCooling, useOpensAt, useRenderAt, useWithdrawalsChanged, type OpensAt } from './withdraw-common';

const AMOUNT_CEILING = 1_000_000_000_000;

/** Round amounts up to the balance, then the whole balance: 10, 50, 100 … of the major unit. */
function withdrawPresets(available: number, digits: number): number[] {
  const unit = 10 ** digits;
  const round = [10, 50, 100, 500].map((major) => major * unit).filter((value) => value < available);
  return [...round.slice(-3), ...(available > 0 ? [available] : [])];
}

// ---------------------------------------------------------------- /withdraw

/** /withdraw: amount, account, the server's quote (fee, net, what is left today), confirm with the password. */
export function WithdrawPage() {
  const { t } = useWalletMessages();
  const accounts = useQuery(bankAccountsQueryOptions());
  const wallet = useQuery(walletQueryOptions());
  const opensAt = useOpensAt();
  return (
    <Page
      title={t('withdraw.title')}
      backTo="/home"
      actions={
        <Link
          to="/withdraw/log"
          className="flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm font-semibold text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          {t('withdraw.history')}
        </Link>
      }
    >
      {!accounts.data || !wallet.data || !opensAt ? (
        <WithdrawSkeleton />
      ) : accounts.data.items.length === 0 ? (
        <EmptyState
          icon={<Landmark className="size-6" aria-hidden="true" />}
          title={t('withdraw.noAccountsTitle')}
          body={t('withdraw.noAccountsBody')}
          action={
            <Link to="/withdraw/bank" className={buttonClass('primary')}>
              {t('withdraw.addAccount')}
            </Link>
          }
        />
      ) : (
        <WithdrawForm
          accounts={accounts.data.items}
          opensAt={opensAt}
          available={wallet.data.available}
          debt={wallet.data.debt}
          currency={wallet.data.currency}
        />
      )}
    </Page>
  );
}

function WithdrawForm({
  accounts,
  opensAt,
  available,
  debt,
  currency,
}: {
  accounts: BankAccount[];
  opensAt: OpensAt;
  available: number;
  /** Owed after a refunded purchase: settled from the next earnings, never withdrawn. */
  debt: number;
  currency: string;
}) {
  const { t } = useWalletMessages();
  const navigate = useNavigate();
  const changed = useWithdrawalsChanged();
  const digits = currencyFractionDigits(currency);
  const money = (minor: number) => formatMoney(minor, { currency });
  const withdrawable = Math.max(0, available - debt);
  const first =
    accounts.find((account) => account.isDefault && !isCooling(account, opensAt)) ??
    accounts.find((account) => !isCooling(account, opensAt)) ??
    accounts[0]!;
  const schema = useMemo(
    () =>
      z.object({
        account: z.string(),
        amount: moneyText(
          digits,
          { min: 1, max: AMOUNT_CEILING },
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
  const form = useZodForm(schema, { defaultValues: { account: first.id, amount: '' } });
  const amountText = form.watch('amount');
  const accountId = form.watch('account');
  const account = accounts.find((item) => item.id === accountId) ?? first;
  useRenderAt(opensAt(account));
  const accountCooling = isCooling(account, opensAt);
  // The quote follows what is typed, a moment after the typing stops.
  const typed = decimalStringToMinor(
    String(amountText ?? '')
      .trim()
      .replace(/\s/g, ''),
    digits,
  );
  const [quoted, setQuoted] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuoted(typed !== null && typed > 0 && typed <= AMOUNT_CEILING ? typed : null), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const quote = useQuery({ ...withdrawalQuoteQueryOptions(quoted ?? 0), enabled: quoted !== null });
  const [confirming, setConfirming] = useState<WithdrawalQuote | null>(null);
  // The fee changed between the quote and the confirm (409 FEE_CHANGED): the sheet shows the new quote and says so.
  const [feeNotice, setFeeNotice] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  // One key per intent (account + amount): a retry of the same request reuses it, a change makes a new one.
  const intent = useIntentKey();

  // A member with a passkey may confirm with it instead of the password.
  const passkeys = useQuery({ ...passkeysQueryOptions(), enabled: passkeySupported() });
  const hasPasskey = (passkeys.data?.items.length ?? 0) > 0;
  const submit = useMutation({
    mutationFn: async (body: { bankAccountId: string; amount: number; expectedFee: number; password?: string }) => {
      if (body.password) await stepUp(body.password);
      else await stepUpWithPasskey();
      // The fee the member was shown: another fee now is a 409 FEE_CHANGED, never charged silently.
      const request = { bankAccountId: body.bankAccountId, amount: body.amount, expectedFee: body.expectedFee };
      return intent.run(request, (key) => createWithdrawal(request, key));
    },
    onSuccess: async (withdrawal) => {
      changed();
      setConfirming(null);
      setFeeNotice(null);
      setPassword('');
      toast(t('withdraw.done', { amount: money(withdrawal.amount) }));
      await navigate({ to: '/withdraw/log' });
    },
    onError: (error) => {
      if (
        error instanceof ApiError &&
        (error.code === 'STEP_UP_FAILED' || error.code === 'RATE_LIMITED' || error.code === 'PASSKEY_FAILED')
      ) {
        setPasswordError(error.message);
        return;
      }
      if (isPasskeyCancelled(error) || (error instanceof Error && !(error instanceof ApiError))) {
        setPasswordError(t('withdraw.passkeyCancelled'));
        return;
      }
      if (error instanceof ApiError && error.code === 'FEE_CHANGED' && confirming) {
        // The new quote, in the same sheet: the member confirms it (or goes back).
        const amount = confirming.amount;
        void quote.refetch().then(({ data }) => {
          if (!data || data.amount !== amount) return setConfirming(null);
          setConfirming(data);
          setFeeNotice(t('withdraw.feeChanged', { fee: money(data.fee), net: money(data.net) }));
        });
        return;
      }
      setConfirming(null);
      applyServerError(form, error, t('errors.generic'));
    },
  });

  useEffect(preloadConfirmSheet, []);

  const blockedText = (q: WithdrawalQuote) =>
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

  return (
    <Form
      form={form}
      className="gap-6"
      onSubmit={async ({ amount }) => {
        const fresh = await quote.refetch().then((result) => result.data);
        const current = fresh && fresh.amount === amount ? fresh : undefined;
        if (!current) return;
        const problem = blockedText(current);
        if (problem) {
          form.setError('amount', { message: problem });
          return;
        }
        if (isCooling(account, opensAt)) return;
        setPasswordError(undefined);
        setFeeNotice(null);
        setConfirming(current);
      }}
    >
      <Card className="flex flex-col gap-1 p-4">
        <span className="text-sm text-gray-600 dark:text-gray-400">{t('withdraw.available')}</span>
        <span className="text-2xl font-semibold text-gray-900 tabular-nums dark:text-gray-50">{money(withdrawable)}</span>
        {debt > 0 ? <p className="text-sm text-amber-800 dark:text-amber-300">{t('withdraw.debt', { debt: money(debt) })}</p> : null}
      </Card>

      {/* min-w-0: a fieldset is at least as wide as its content, which would widen the page. */}
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-gray-900 dark:text-gray-100">{t('withdraw.account')}</legend>
        {accounts.map((item) => {
          const checked = item.id === account.id;
          const cooling = isCooling(item, opensAt);
          return (
            <label
              key={item.id}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl bg-white px-4 py-3 ring-1 dark:bg-gray-900',
                checked ? 'ring-primary-600 dark:ring-primary-500 ring-2' : 'ring-gray-200 dark:ring-gray-800',
              )}
            >
              <input
                type="radio"
                value={item.id}
                className="accent-primary-600 size-4"
                {...form.register('account', { onChange: () => form.clearErrors() })}
              />
              <Landmark className="size-5 text-gray-600 dark:text-gray-400" aria-hidden="true" />
              <span className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-semibold text-gray-900 dark:text-gray-100">{accountName(item)}</span>
                <span
                  className={cn('text-xs', cooling ? 'text-amber-800 dark:text-amber-300' : 'truncate text-gray-600 dark:text-gray-400')}
                >
                  {cooling ? t('withdraw.coolingUntil', { when: formatShortDateTime(opensAt(item)) }) : item.holderName}
                </span>
              </span>
            </label>
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

      {quote.data && quoted !== null ? (
        <dl className="flex flex-col gap-2 rounded-2xl bg-gray-50 p-4 text-sm dark:bg-gray-900" aria-live="polite">
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600 dark:text-gray-400">{t('withdraw.fee')}</dt>
            <dd className="text-gray-900 tabular-nums dark:text-gray-100">{money(quote.data.fee)}</dd>
          </div>
          <p className="text-xs text-gray-500 dark:text-gray-400">
            {t('withdraw.feeRule', { fixed: money(quote.data.feeFixed), percent: formatPercent(quote.data.feeBp) })}
          </p>
          <div className="flex justify-between gap-4 text-base font-semibold">
            <dt className="text-gray-900 dark:text-gray-100">{t('withdraw.youReceive')}</dt>
            <dd className="text-gray-900 tabular-nums dark:text-gray-50">{money(quote.data.net)}</dd>
          </div>
          {blockedText(quote.data) ? <p className="text-amber-800 dark:text-amber-300">{blockedText(quote.data)}</p> : null}
        </dl>
      ) : null}

      <div className="flex flex-col gap-2">
        {accountCooling ? (
          <p id="withdraw-cooling" className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-300">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('withdraw.coolingNotice', { when: formatShortDateTime(opensAt(account)) })}
          </p>
        ) : null}
        <SubmitButton disabled={accountCooling} aria-describedby={accountCooling ? 'withdraw-cooling' : undefined}>
          {t('withdraw.continue')}
        </SubmitButton>
      </div>

      <ConfirmSheet
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !submit.isPending) {
            setConfirming(null);
            setFeeNotice(null);
          }
        }}
        title={t('withdraw.sheetTitle')}
        summary={
          confirming
            ? [
                { label: t('withdraw.sheetAmount'), value: money(confirming.amount) },
                { label: t('withdraw.sheetFee'), value: money(confirming.fee) },
                { label: t('withdraw.sheetAccount'), value: accountName(account) },
                { label: t('withdraw.sheetResult'), value: money(confirming.net), emphasis: true },
              ]
            : undefined
        }
        description={t('withdraw.sheetBody', { account: accountName(account), count: confirming?.payoutBusinessDays ?? 1 })}
      >
        {(close) => (
          <div className="flex flex-col gap-4">
            {feeNotice ? (
              <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                {feeNotice}
              </p>
            ) : null}
            <Field
              id="withdraw-password"
              type="password"
              autoComplete="current-password"
              label={t('withdraw.password')}
              hint={t('withdraw.passwordHint')}
              value={password}
              error={passwordError}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(undefined);
              }}
            />
            <ConfirmActions
              confirmLabel={confirming ? `${t('withdraw.confirm')} ${money(confirming.amount)}` : t('withdraw.confirm')}
              cancelLabel={t('withdraw.back')}
              isBusy={submit.isPending}
              onConfirm={() => {
                if (!confirming) return;
                if (!password) {
                  setPasswordError(t('withdraw.errors.password'));
                  return;
                }
                submit.mutate({ bankAccountId: account.id, amount: confirming.amount, expectedFee: confirming.fee, password });
              }}
              close={close}
            />
            {hasPasskey && (
              <Button
                variant="ghost"
                className="w-full"
                disabled={submit.isPending}
                onClick={() =>
                  confirming && submit.mutate({ bankAccountId: account.id, amount: confirming.amount, expectedFee: confirming.fee })
                }
              >
                <Fingerprint className="size-5" aria-hidden="true" />
                {t('withdraw.usePasskey')}
              </Button>
            )}
          </div>
        )}
      </ConfirmSheet>
    </Form>
  );
}

/** A message about the chosen account (cooling down, or gone meanwhile). */
function AccountError({ name }: { name: string }) {
  const message = useFieldError(name);
  return message ? <p className="text-sm text-red-700 dark:text-red-400">{message}</p> : null;
}

function WithdrawSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="rounded-2xl" style={{ height: '5rem', width: '100%' }} />
      <Skeleton style={{ height: '1rem', width: '6rem' }} />
      <Skeleton className="rounded-2xl" style={{ height: '4rem', width: '100%' }} />
      <Skeleton className="rounded-2xl" style={{ height: '3.5rem', width: '100%' }} />
    </div>
  );
}

// ---------------------------------------------------------------- /withdraw/log

const STATUS_ICONS: Record<WithdrawalStatus, LucideIcon> = {
  pending: Hourglass,
  processing: Send,
  paid: CheckCircle2,
  rejected: XCircle,
  cancelled: Ban,
};

/** A withdrawal's status: icon + word + colour, never colour alone. */
function WithdrawalStatusPill({ status }: { status: WithdrawalStatus }) {
  const { t } = useWalletMessages();
  return (
    <TonePill
      tone={withdrawalStatusTone(status)}
      icon={STATUS_ICONS[status] ?? Clock}
      label={t(`withdrawStatus.${status}`)}
      status={status}
    />
  );
}

/** /withdraw/log: my withdrawals by day, each with its status, reference or reason; cancel while pending (not once on its way to the bank). */
export function WithdrawLogPage() {
  const { t } = useWalletMessages();
  const query = useInfiniteQuery(withdrawalsQueryOptions());
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={t('withdrawLog.title')} backTo="/withdraw">
      {!query.data ? (
        <ListSkeleton />
      ) : items.length === 0 ? (
        <EmptyState
          title={t('withdrawLog.emptyTitle')}
          body={t('withdrawLog.emptyBody')}
          action={
            <Link to="/withdraw" className={buttonClass('primary')}>
              {t('withdraw.title')}
            </Link>
          }
        />
      ) : (
        <>
          <DayGroupedList
            items={items}
            dateOf={(item) => item.createdAt}
            keyOf={(item) => item.id}
            render={(item) => <WithdrawalRow item={item} />}
          />
          <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
        </>
      )}
    </Page>
  );
}

function WithdrawalRow({ item }: { item: Withdrawal }) {
  const { t } = useWalletMessages();
  const changed = useWithdrawalsChanged();
  const [cancelling, setCancelling] = useState(false);
  const money = (minor: number) => formatMoney(minor, { currency: item.currency });
  const cancel = useMutation({
    mutationFn: () => cancelWithdrawal(item.id),
    onSuccess: () => {
      changed();
      setCancelling(false);
      toast(t('withdrawLog.cancelled'));
    },
    onError: (error) => {
      setCancelling(false);
      changed();
      toast(error instanceof ApiError ? error.message : t('errors.generic'), 'error');
    },
  });
  return (
    <div className="flex flex-col gap-2 py-3">
      <div className="flex items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-semibold text-gray-900 tabular-nums dark:text-gray-100">{money(item.amount)}</span>
          <span className="truncate text-xs text-gray-600 dark:text-gray-400">
            {t('withdrawLog.to', { account: accountName(item.account) })}
          </span>
          <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
            {t('withdrawLog.fee', { fee: money(item.fee), net: money(item.net) })}
          </span>
        </div>
        <WithdrawalStatusPill status={item.status} />
      </div>
      {item.payoutReference ? (
        <p className="text-xs text-gray-700 dark:text-gray-300">{t('withdrawLog.reference', { reference: item.payoutReference })}</p>
      ) : null}
      {item.rejectReason ? (
        <p className="text-xs text-red-700 dark:text-red-400">{t('withdrawLog.reason', { reason: item.rejectReason })}</p>
      ) : null}
      {item.status === 'processing' ? <p className="text-xs text-amber-800 dark:text-amber-300">{t('withdrawLog.processing')}</p> : null}
      {item.status === 'pending' ? (
        <Button variant="secondary" className="self-start" onClick={() => setCancelling(true)}>
          {t('withdrawLog.cancel')}
        </Button>
      ) : null}
      <ConfirmSheet
        open={cancelling}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setCancelling(false);
        }}
        title={t('withdrawLog.cancelTitle')}
        description={t('withdrawLog.cancelBody', { amount: money(item.amount) })}
      >
        {(close) => (
          <ConfirmActions
            confirmLabel={t('withdrawLog.cancelConfirm')}
            cancelLabel={t('withdrawLog.keep')}
            isBusy={cancel.isPending}
            onConfirm={() => cancel.mutate()}
            close={close}
          />
        )}
      </ConfirmSheet>
    </div>
  );
}
