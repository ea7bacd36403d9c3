import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, CreditCard, History } from 'lucide-react';
import { Page } from '../../components/page';
import { ConfirmSheet, preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/empty-state';
import { ApiError } from '../../lib/api-client';
import { currencyFractionDigits, formatMoney } from '../../lib/format';
import { createRechargeOrder, rechargeChannelsQueryOptions, rechargeKeys, type RechargeChannel } from './api';
import { Skeleton } from './components';
import { checkRechargeAmount, minorToInput, type AmountProblem } from './logic';
import { useWalletMessages } from './messages';

/** /recharge: choose how to pay and how much, confirm, and go to the new order. */
export function RechargePage() {
  const { t } = useWalletMessages();
  const { data } = useQuery(rechargeChannelsQueryOptions());
  const channels = data?.items ?? [];
  return (
    <Page
      title={t('recharge.title')}
      backTo="/home"
      actions={
        <Link
          to="/recharge/log"
          className="flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm font-semibold text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          <History className="size-5" aria-hidden="true" />
          {t('recharge.history')}
        </Link>
      }
    >
      {!data ? (
        <RechargeSkeleton />
      ) : channels.length === 0 ? (
        <EmptyState
          title={t('recharge.noChannelsTitle')}
          body={t('recharge.noChannelsBody')}
          action={
            <Link to="/help" className="text-primary-700 dark:text-primary-400 text-sm font-semibold underline">
              {t('recharge.help')}
            </Link>
          }
        />
      ) : (
        <RechargeForm channels={channels} />
      )}
    </Page>
  );
}

function RechargeForm({ channels }: { channels: RechargeChannel[] }) {
  const { t } = useWalletMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [channelCode, setChannelCode] = useState(channels[0]!.code);
  const channel = channels.find((item) => item.code === channelCode) ?? channels[0]!;
  const digits = currencyFractionDigits(channel.currency);
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ minor: number } | null>(null);
  // One key per intent (channel + amount): a retry of the same order reuses it, a change makes a new one.
  const intent = useRef<{ body: string; key: string } | null>(null);
  const amountId = useId();
  const amountErrorId = `${amountId}-error`;
  const hintId = `${amountId}-hint`;

  const money = (minor: number) => formatMoney(minor, { currency: channel.currency });
  const limits = { min: money(channel.minAmount), max: money(channel.maxAmount) };

  const create = useMutation({
    mutationFn: ({ minor }: { minor: number }) => {
      const body = { channel: channel.code, amount: minor };
      const serialized = JSON.stringify(body);
      if (intent.current?.body !== serialized) intent.current = { body: serialized, key: crypto.randomUUID() };
      return createRechargeOrder(body, intent.current.key);
    },
    onSuccess: async (order) => {
      intent.current = null;
      queryClient.setQueryData(rechargeKeys.order(order.id), order);
      void queryClient.invalidateQueries({ queryKey: rechargeKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: rechargeKeys.open() });
      setConfirming(null);
      await navigate({ to: '/recharge/confirm/$id', params: { id: order.id } });
    },
    onError: (error) => {
      setConfirming(null);
      if (error instanceof ApiError) {
        setServerErrors(error.fields);
        if (!error.fields.amount && !error.fields.channel) setFormError(error.message);
      } else setFormError(t('errors.generic'));
    },
  });

  useEffect(preloadConfirmSheet, []);

  const amountMessage = problem ? t(`recharge.errors.${problem}`, limits) : (serverErrors.amount ?? null);

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        setFormError(null);
        setServerErrors({});
        const check = checkRechargeAmount(amountText, channel, digits);
        if (!check.ok) {
          setProblem(check.problem);
          document.getElementById(amountId)?.focus();
          return;
        }
        setProblem(null);
        setConfirming({ minor: check.minor });
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-gray-900 dark:text-gray-100">{t('recharge.channel')}</legend>
        {channels.map((item) => {
          const Icon = item.kind === 'gateway' ? CreditCard : Banknote;
          const checked = item.code === channel.code;
          return (
            <label
              key={item.code}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl bg-white px-4 py-3 ring-1 dark:bg-gray-900',
                checked ? 'ring-primary-600 dark:ring-primary-500 ring-2' : 'ring-gray-200 dark:ring-gray-800',
              )}
            >
              <input
                type="radio"
                name="channel"
                value={item.code}
                checked={checked}
                onChange={() => {
                  setChannelCode(item.code);
                  setProblem(null);
                  setServerErrors({});
                }}
                className="accent-primary-600 size-4"
              />
              <Icon className="size-5 text-gray-600 dark:text-gray-400" aria-hidden="true" />
              <span className="flex flex-col">
                <span className="text-sm font-semibold text-gray-900 dark:text-gray-100">{item.name}</span>
                <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
                  {t('recharge.amountHint', {
                    min: formatMoney(item.minAmount, { currency: item.currency }),
                    max: formatMoney(item.maxAmount, { currency: item.currency }),
                  })}
                </span>
              </span>
            </label>
          );
        })}
        {serverErrors.channel ? <p className="text-sm text-red-700 dark:text-red-400">{serverErrors.channel}</p> : null}
      </fieldset>

      <div className="flex flex-col gap-2">
        <label htmlFor={amountId} className="text-sm font-medium text-gray-900 dark:text-gray-100">
          {t('recharge.amount')}
        </label>
        <div
          className={cn(
            'focus-within:ring-primary-600 flex min-h-14 items-center gap-2 rounded-2xl bg-white px-4 ring-1 focus-within:ring-2 dark:bg-gray-900',
            amountMessage ? 'ring-red-500' : 'ring-gray-300 dark:ring-gray-700',
          )}
        >
          <input
            id={amountId}
            name="amount"
            inputMode="decimal"
            autoComplete="transaction-amount"
            placeholder={minorToInput(channel.minAmount, digits)}
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              if (problem) setProblem(null);
            }}
            aria-invalid={amountMessage ? true : undefined}
            aria-describedby={amountMessage ? `${amountErrorId} ${hintId}` : hintId}
            className="min-w-0 flex-1 bg-transparent text-2xl font-semibold text-gray-900 tabular-nums outline-none placeholder:text-gray-400 dark:text-gray-100 dark:placeholder:text-gray-600"
          />
          <span className="text-sm font-semibold text-gray-600 dark:text-gray-400">{channel.currency}</span>
        </div>
        {amountMessage ? (
          <p id={amountErrorId} className="text-sm text-red-700 dark:text-red-400">
            {amountMessage}
          </p>
        ) : null}
        <p id={hintId} className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
          {t('recharge.amountHint', limits)}
        </p>
        {channel.presets.length > 0 ? (
          <div role="group" aria-label={t('recharge.presets')} className="flex flex-wrap gap-2">
            {channel.presets.map((preset) => {
              const text = minorToInput(preset, digits);
              const selected = text === amountText.trim();
              return (
                <button
                  key={preset}
                  type="button"
                  aria-pressed={selected}
                  onClick={() => {
                    setAmountText(text);
                    setProblem(null);
                  }}
                  className={cn(
                    'min-h-11 rounded-full px-4 text-sm font-semibold tabular-nums ring-1 ring-inset',
                    selected
                      ? 'bg-primary-700 dark:bg-primary-500 ring-primary-700 dark:ring-primary-500 text-white dark:text-gray-950'
                      : 'bg-white text-gray-900 ring-gray-300 hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700',
                  )}
                >
                  {money(preset)}
                </button>
              );
            })}
          </div>
        ) : null}
      </div>

      {formError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
          {formError}
        </p>
      ) : null}

      <Button type="submit" className="w-full">
        {t('recharge.continue')}
      </Button>

      <ConfirmSheet
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !create.isPending) setConfirming(null);
        }}
        title={t('recharge.sheetTitle')}
        description={
          confirming ? (
            <div className="flex flex-col gap-3">
              <span className="text-3xl font-bold text-gray-900 tabular-nums dark:text-gray-50">{money(confirming.minor)}</span>
              <span>{t('recharge.sheetBody', { amount: money(confirming.minor), channel: channel.name })}</span>
            </div>
          ) : null
        }
      >
        {(close) => (
          <div className="flex flex-col gap-2">
            <Button className="w-full" isBusy={create.isPending} onClick={() => confirming && create.mutate(confirming)}>
              {t('recharge.confirm')}
            </Button>
            <Button variant="ghost" className="w-full" disabled={create.isPending} onClick={close}>
              {t('recharge.back')}
            </Button>
          </div>
        )}
      </ConfirmSheet>
    </form>
  );
}

export function RechargeSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton style={{ height: '1rem', width: '6rem' }} />
      <Skeleton className="rounded-2xl" style={{ height: '4rem', width: '100%' }} />
      <Skeleton className="rounded-2xl" style={{ height: '4rem', width: '100%' }} />
      <Skeleton style={{ height: '1rem', width: '5rem' }} />
      <Skeleton className="rounded-2xl" style={{ height: '3.5rem', width: '100%' }} />
      <div className="flex gap-2">
        <Skeleton className="rounded-full" style={{ height: '2.75rem', width: '5rem' }} />
        <Skeleton className="rounded-full" style={{ height: '2.75rem', width: '5rem' }} />
        <Skeleton className="rounded-full" style={{ height: '2.75rem', width: '5rem' }} />
      </div>
    </div>
  );
}
