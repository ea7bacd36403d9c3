import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleSlash, Plus } from 'lucide-react';
import type { UpsertPaymentChannelBody } from '@orchard/shared';
import { decimalStringToMinor, minorToDecimalString } from '@orchard/shared/money';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api-client';
import { currencyFractionDigits, formatMoney } from '../../lib/format';
import { adminLedgerKeys, paymentChannelsQueryOptions, upsertPaymentChannel, type PaymentChannel } from './api';
import { useAdminLedgerMessages } from './messages';
import { ConsolePage, Field, inputClass, tableClass, theadClass } from './ui';

/** /admin/channels: every payment channel; edit one or add a new one (upsertPaymentChannel). */
export function ChannelsPage() {
  const { t } = useAdminLedgerMessages();
  const { data } = useQuery(paymentChannelsQueryOptions());
  const [editing, setEditing] = useState<PaymentChannel | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <ConsolePage
      title={t('channels.title')}
      actions={
        <Button
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t('channels.new')}
        </Button>
      }
    >
      {notice ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-green-50 px-4 py-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-200"
        >
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {notice}
        </p>
      ) : null}
      {editing ? (
        <ChannelForm
          key={editing === 'new' ? 'new' : editing.code}
          channel={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setNotice(t('channels.saved', { name: saved.name }));
          }}
        />
      ) : null}
      <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">
        <table className={tableClass}>
          <thead className={theadClass}>
            <tr>
              <th scope="col">{t('channels.name')}</th>
              <th scope="col">{t('channels.kind')}</th>
              <th scope="col">{t('channels.limits')}</th>
              <th scope="col">{t('channels.status')}</th>
              <th scope="col">
                <span className="sr-only">{t('channels.edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
            {data?.items.map((channel) => (
              <tr key={channel.code}>
                <td>
                  <div className="font-medium">{channel.name}</div>
                  <div className="font-mono text-xs text-gray-600 dark:text-gray-400">{channel.code}</div>
                </td>
                <td>{t(`channels.${channel.kind}`)}</td>
                <td className="whitespace-nowrap tabular-nums">
                  {formatMoney(channel.minAmount, { currency: channel.currency })} –{' '}
                  {formatMoney(channel.maxAmount, { currency: channel.currency })}
                </td>
                <td>
                  {channel.enabled ? (
                    <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
                      <CheckCircle2 className="size-4" aria-hidden="true" />
                      {t('channels.enabled')}
                    </span>
                  ) : (
                    <span className="inline-flex items-center gap-1 text-gray-600 dark:text-gray-400">
                      <CircleSlash className="size-4" aria-hidden="true" />
                      {t('channels.disabled')}
                    </span>
                  )}
                </td>
                <td className="text-right">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setNotice(null);
                      setEditing(channel);
                    }}
                    aria-label={`${t('channels.edit')} ${channel.name}`}
                  >
                    {t('channels.edit')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ConsolePage>
  );
}

function ChannelForm({ channel, onDone }: { channel: PaymentChannel | null; onDone: (saved: PaymentChannel | null) => void }) {
  const { t } = useAdminLedgerMessages();
  const queryClient = useQueryClient();
  const id = useId();
  const digits = currencyFractionDigits(channel?.currency);
  const toText = (minor: number) => minorToDecimalString(minor, digits);
  const [values, setValues] = useState({
    code: channel?.code ?? '',
    kind: channel?.kind ?? 'bank_transfer',
    name: channel?.name ?? '',
    instructions: channel?.instructions ?? '',
    paymentUrlTemplate: channel?.paymentUrlTemplate ?? '',
    webhookSecret: '',
    minAmount: channel ? toText(channel.minAmount) : '',
    maxAmount: channel ? toText(channel.maxAmount) : '',
    presets: channel ? channel.presets.map(toText).join(', ') : '',
    sortOrder: String(channel?.sortOrder ?? 0),
    enabled: channel?.enabled ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const mutation = useMutation({
    mutationFn: (body: UpsertPaymentChannelBody) => upsertPaymentChannel(values.code.trim(), body),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.channels() });
      void queryClient.invalidateQueries({ queryKey: ['recharge', 'channels'] });
      onDone(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(Object.keys(error.fields).length ? error.fields : { form: error.message });
      else setErrors({ form: t('errors.generic') });
    },
  });

  const submit = () => {
    const next: Record<string, string> = {};
    const money = (text: string) => decimalStringToMinor(text.replace(/\s/g, ''), digits);
    const minAmount = money(values.minAmount);
    const maxAmount = money(values.maxAmount);
    if (!minAmount) next.minAmount = t('channels.amountInvalid');
    if (!maxAmount) next.maxAmount = t('channels.amountInvalid');
    const presetTexts = values.presets.split(',').flatMap((part) => (part.trim() ? [part.trim()] : []));
    const presets = presetTexts.map(money);
    if (presets.some((preset) => !preset)) next.presets = t('channels.presetsInvalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body: UpsertPaymentChannelBody = {
      kind: values.kind,
      name: values.name,
      instructions: values.instructions,
      paymentUrlTemplate: values.kind === 'gateway' ? values.paymentUrlTemplate.trim() || null : null,
      minAmount: minAmount!,
      maxAmount: maxAmount!,
      presets: presets as number[],
      enabled: values.enabled,
      sortOrder: Number(values.sortOrder) || 0,
    };
    if (values.kind === 'gateway' && values.webhookSecret) body.webhookSecret = values.webhookSecret;
    mutation.mutate(body);
  };

  const input = (
    key: 'code' | 'name' | 'paymentUrlTemplate' | 'webhookSecret' | 'minAmount' | 'maxAmount' | 'presets' | 'sortOrder',
    extra: Record<string, unknown> = {},
  ) => (
    <input
      id={`${id}-${key}`}
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      aria-invalid={errors[key] ? true : undefined}
      aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      className={inputClass}
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <Card className="flex max-w-3xl flex-col gap-4">
      <h2 className="text-lg font-semibold">{channel ? `${t('channels.edit')} ${channel.name}` : t('channels.new')}</h2>
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label={t('channels.code')} htmlFor={`${id}-code`} hint={t('channels.codeHint')} error={errors.code}>
          {input('code', { readOnly: Boolean(channel), pattern: '[a-z0-9][a-z0-9-]{1,39}' })}
        </Field>
        <Field label={t('channels.name')} htmlFor={`${id}-name`} error={errors.name}>
          {input('name', { maxLength: 80 })}
        </Field>
        <Field label={t('channels.kind')} htmlFor={`${id}-kind`} error={errors.kind}>
          <select
            id={`${id}-kind`}
            value={values.kind}
            onChange={(event) => set('kind', event.target.value as typeof values.kind)}
            className={inputClass}
          >
            <option value="bank_transfer">{t('channels.bank_transfer')}</option>
            <option value="gateway">{t('channels.gateway')}</option>
          </select>
        </Field>
        <Field label={t('channels.sortOrder')} htmlFor={`${id}-sortOrder`} error={errors.sortOrder}>
          {input('sortOrder', { inputMode: 'numeric' })}
        </Field>
        <div className="sm:col-span-2">
          <Field label={t('channels.instructions')} htmlFor={`${id}-instructions`} error={errors.instructions}>
            <textarea
              id={`${id}-instructions`}
              rows={4}
              maxLength={4000}
              value={values.instructions}
              onChange={(event) => set('instructions', event.target.value)}
              className={`${inputClass} py-2`}
            />
          </Field>
        </div>
        {values.kind === 'gateway' ? (
          <>
            <div className="sm:col-span-2">
              <Field
                label={t('channels.paymentUrlTemplate')}
                htmlFor={`${id}-paymentUrlTemplate`}
                hint={t('channels.paymentUrlHint')}
                error={errors.paymentUrlTemplate}
              >
                {input('paymentUrlTemplate', { type: 'url' })}
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field
                label={t('channels.webhookSecret')}
                htmlFor={`${id}-webhookSecret`}
                hint={`${channel?.hasWebhookSecret ? `${t('channels.webhookSecretSet')} ` : ''}${t('channels.webhookSecretHint')}`}
                error={errors.webhookSecret}
              >
                {input('webhookSecret', { type: 'password', autoComplete: 'new-password' })}
              </Field>
            </div>
          </>
        ) : null}
        <Field
          label={`${t('channels.minAmount')} (${channel?.currency ?? ''})`.replace(' ()', '')}
          htmlFor={`${id}-minAmount`}
          error={errors.minAmount}
        >
          {input('minAmount', { inputMode: 'decimal' })}
        </Field>
        <Field
          label={`${t('channels.maxAmount')} (${channel?.currency ?? ''})`.replace(' ()', '')}
          htmlFor={`${id}-maxAmount`}
          error={errors.maxAmount}
        >
          {input('maxAmount', { inputMode: 'decimal' })}
        </Field>
        <div className="sm:col-span-2">
          <Field label={t('channels.presets')} htmlFor={`${id}-presets`} hint={t('channels.presetsHint')} error={errors.presets}>
            {input('presets', { inputMode: 'decimal' })}
          </Field>
        </div>
        <label className="flex items-center gap-3 text-sm sm:col-span-2">
          <input
            type="checkbox"
            checked={values.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
            className="accent-primary-600 size-4"
          />
          {t('channels.enabledLabel')}
        </label>
        {errors.form ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 sm:col-span-2 dark:bg-red-950 dark:text-red-300">
            {errors.form}
          </p>
        ) : null}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" isBusy={mutation.isPending}>
            {t('channels.save')}
          </Button>
          <Button variant="secondary" onClick={() => onDone(null)} disabled={mutation.isPending}>
            {t('channels.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
