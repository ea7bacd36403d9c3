import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Banknote, CreditCard, History } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Page } from '../../components/page';
import { ConfirmActions, ConfirmSheet, preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { EmptyState } from '../../components/ui/empty-state';
import { Form, MoneyField, SubmitButton, useFieldError, useZodForm } from '../../components/ui/form';
import { applyServerError } from '../../components/ui/form-errors';
import { moneyText } from '../../components/ui/money-schema';
import { useUiMessages } from '../../components/ui/messages';
import { currencyFractionDigits, formatMoney } from '../../lib/format';
import { rechargeChannelsQueryOptions, useCreateRechargeOrder, type RechargeChannel } from './api';
import { ChoiceCard, Skeleton } from './components';
import { minorToInput, parseRechargeSearch, rechargePrefill } from './logic';
import { useWalletMessages } from './messages';

/** /recharge: choose how to pay and how much, confirm, and go to the new order. */
export function RechargePage() {
  const { t } = useWalletMessages();
  const { data } = useQuery(rechargeChannelsQueryOptions());
  const { amount: prefill } = parseRechargeSearch(useSearch({ strict: false }));
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
        <RechargeForm channels={channels} prefill={prefill} />
      )}
    </Page>
  );
}

/** The form's first values: the first channel, and the amount the address asks for (if any). */
function rechargeDefaults(first: RechargeChannel, prefill?: number) {
  return { channel: first.code, amount: prefill ? rechargePrefill(prefill, first, currencyFractionDigits(first.currency)) : '' };
}

/** `prefill`: minor units asked for in the address (what a plan purchase is short of). */
function RechargeForm({ channels, prefill }: { channels: RechargeChannel[]; prefill?: number }) {
  const { t } = useWalletMessages();
  const genericError = useUiMessages().t('form.genericError');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<{ amount: number } | null>(null);
  const defaults = rechargeDefaults(channels[0]!, prefill);
  // The limits and decimals are the chosen channel's: the schema follows the choice.
  const [channelCode, setChannelCode] = useState(defaults.channel);
  const channel = channels.find((item) => item.code === channelCode) ?? channels[0]!;
  const digits = currencyFractionDigits(channel.currency);
  const money = (minor: number) => formatMoney(minor, { currency: channel.currency });
  const limits = { min: money(channel.minAmount), max: money(channel.maxAmount) };
  const schema = useRechargeSchema(channel);
  const form = useZodForm(schema, { defaultValues: defaults });
  const create = useCreateRechargeOrder({
    onSuccess: async (order) => {
      setConfirming(null);
      await navigate({ to: '/recharge/confirm/$id', params: { id: order.id } });
    },
    onError: (error) => {
      setConfirming(null);
      applyServerError(form, error, genericError);
    },
  });
  useEffect(preloadConfirmSheet, []);
  return (
    <Form form={form} className="gap-6" onSubmit={({ amount }) => setConfirming({ amount })}>
      <ChannelChoice
        channels={channels}
        channel={channel}
        registration={form.register('channel', {
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            setChannelCode(event.target.value);
            form.clearErrors();
          },
        })}
      />

      <MoneyField
        name="amount"
        label={t('recharge.amount')}
        currency={channel.currency}
        hint={t('recharge.amountHint', limits)}
        presets={channel.presets.map((preset) => ({ value: minorToInput(preset, digits), label: money(preset) }))}
        presetsLabel={t('recharge.presets')}
      />

      <SubmitButton>{t('recharge.continue')}</SubmitButton>

      <ConfirmSheet
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !create.isPending) setConfirming(null);
        }}
        title={t('recharge.sheetTitle')}
        summary={
          confirming
            ? [
                { label: t('recharge.sheetAmount'), value: money(confirming.amount) },
                { label: t('recharge.sheetChannel'), value: channel.name },
                { label: t('recharge.sheetFee'), value: t('recharge.noFee') },
                { label: t('recharge.sheetResult'), value: money(confirming.amount), emphasis: true },
              ]
            : undefined
        }
        description={confirming ? t('recharge.sheetBody', { amount: money(confirming.amount), channel: channel.name }) : null}
      >
        {(close) => (
          <ConfirmActions
            confirmLabel={t('recharge.confirm')}
            cancelLabel={t('recharge.back')}
            isBusy={create.isPending}
            onConfirm={() => confirming && create.mutate({ channel: channel.code, amount: confirming.amount })}
            close={close}
          />
        )}
      </ConfirmSheet>
    </Form>
  );
}

/** The amount's rules are the chosen channel's: its limits and its currency's decimals. */
function useRechargeSchema(channel: RechargeChannel) {
  const { t } = useWalletMessages();
  const digits = currencyFractionDigits(channel.currency);
  const money = (minor: number) => formatMoney(minor, { currency: channel.currency });
  const limits = { min: money(channel.minAmount), max: money(channel.maxAmount) };
  return useMemo(
    () =>
      z.object({
        channel: z.string(),
        amount: moneyText(
          digits,
          { min: channel.minAmount, max: channel.maxAmount },
          {
            required: t('recharge.errors.required'),
            invalid: t('recharge.errors.invalid'),
            tooLow: t('recharge.errors.tooLow', limits),
            tooHigh: t('recharge.errors.tooHigh', limits),
          },
        ),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- limits derive from the channel
    [channel, digits, t],
  );
}

/** The channels as radio cards, each with its limits. */
function ChannelChoice({
  channels,
  channel,
  registration,
}: {
  channels: RechargeChannel[];
  channel: RechargeChannel;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useWalletMessages();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-gray-900 dark:text-gray-100">{t('recharge.channel')}</legend>
      {channels.map((item) => {
        return (
          <ChoiceCard
            key={item.code}
            value={item.code}
            checked={item.code === channel.code}
            icon={item.kind === 'gateway' ? CreditCard : Banknote}
            name={item.name}
            note={
              <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
                {t('recharge.amountHint', {
                  min: formatMoney(item.minAmount, { currency: item.currency }),
                  max: formatMoney(item.maxAmount, { currency: item.currency }),
                })}
              </span>
            }
            registration={registration}
          />
        );
      })}
      <ChannelError />
    </fieldset>
  );
}

/** A server message about the channel (e.g. it closed meanwhile). */
function ChannelError() {
  const error = useFieldError('channel');
  return error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null;
}

function RechargeSkeleton() {
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
