import { useMemo, useState } from 'react';
import { z } from 'zod';
import {
  paymentChannelCodeSchema,
  paymentChannelKindSchema,
  upsertPaymentChannelBodySchema,
  type UpsertPaymentChannelBody,
} from '@orchard/shared';
import { decimalStringToMinor, minorToDecimalString } from '@orchard/shared/money';
import { SaveCancelButtons } from '../../components/ui/decision-buttons';
import { Card } from '../../components/ui/card';
import { ChangesSheet } from '../../components/ui/changes-sheet';
import { applyServerError } from '../../components/ui/form-errors';
import { useUiMessages } from '../../components/ui/messages';
import { CheckboxField, SelectField, TextAreaField } from '../../components/ui/console-fields';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { currencyFractionDigits, formatMoney } from '../../lib/format';
import { useUpsertPaymentChannel, type PaymentChannel } from './api';
import { channelChanges } from './channel-changes';
import { useAdminLedgerMessages } from './messages';

type Translate = ReturnType<typeof useAdminLedgerMessages>['t'];

/**
 * The channel form's text turned into the upsertPaymentChannel body, which the contract's own
 * schema then checks (its messages, its "maximum at least the minimum" rule) field by field.
 */
function channelForm(digits: number, t: Translate) {
  const money = (text: string) => decimalStringToMinor(text.trim().replace(/\s/g, ''), digits);
  const amount = z.string().transform((text, context) => {
    const minor = money(text);
    if (minor !== null) return minor;
    context.addIssue({ code: 'custom', message: t('channels.amountInvalid') });
    return z.NEVER;
  });
  return z
    .strictObject({
      code: paymentChannelCodeSchema,
      kind: paymentChannelKindSchema,
      name: z.string(),
      instructions: z.string(),
      paymentUrlTemplate: z.string(),
      webhookSecret: z.string(),
      minAmount: amount,
      maxAmount: amount,
      presets: z.string().transform((text, context) => {
        const presets = text.split(',').flatMap((part) => (part.trim() ? [money(part)] : []));
        if (presets.every((preset) => preset !== null)) return presets;
        context.addIssue({ code: 'custom', message: t('channels.presetsInvalid') });
        return z.NEVER;
      }),
      sortOrder: z.string().transform((text, context) => {
        if (/^\s*\d{1,4}\s*$/.test(text)) return Number(text);
        context.addIssue({ code: 'custom', message: t('channels.sortOrderInvalid') });
        return z.NEVER;
      }),
      enabled: z.boolean(),
    })
    .transform(({ code, paymentUrlTemplate, webhookSecret, ...values }, context) => {
      const isGateway = values.kind === 'gateway';
      const parsed = upsertPaymentChannelBodySchema.safeParse({
        ...values,
        paymentUrlTemplate: isGateway ? paymentUrlTemplate.trim() || null : null,
        ...(isGateway && webhookSecret ? { webhookSecret } : {}),
      });
      if (parsed.success) return { code, body: parsed.data };
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path.slice(0, 1) });
      return z.NEVER;
    });
}

/** A gateway's own fields: its payment page address and the secret that signs its webhooks. */
function GatewayFields({ hasWebhookSecret }: { hasWebhookSecret: boolean }) {
  const { t } = useAdminLedgerMessages();
  return (
    <>
      <div className="sm:col-span-2">
        <TextField name="paymentUrlTemplate" type="url" label={t('channels.paymentUrlTemplate')} hint={t('channels.paymentUrlHint')} />
      </div>
      <div className="sm:col-span-2">
        <TextField
          name="webhookSecret"
          type="password"
          autoComplete="new-password"
          label={t('channels.webhookSecret')}
          hint={`${hasWebhookSecret ? `${t('channels.webhookSecretSet')} ` : ''}${t('channels.webhookSecretHint')}`}
        />
      </div>
    </>
  );
}

/** The form's text for a channel being edited, or empty for a new one. */
function channelDefaults(channel: PaymentChannel | null, digits: number) {
  const toText = (minor: number) => minorToDecimalString(minor, digits);
  return {
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
  };
}

/** What members may pay through the channel: its minimum, maximum and suggested amounts. */
function LimitFields({ currency }: { currency: string }) {
  const { t } = useAdminLedgerMessages();
  return (
    <>
      <TextField name="minAmount" label={`${t('channels.minAmount')}${currency}`} inputMode="decimal" autoComplete="off" />
      <TextField name="maxAmount" label={`${t('channels.maxAmount')}${currency}`} inputMode="decimal" autoComplete="off" />
      <div className="sm:col-span-2">
        <TextField name="presets" label={t('channels.presets')} hint={t('channels.presetsHint')} inputMode="decimal" autoComplete="off" />
      </div>
    </>
  );
}

/**
 * Add a channel, or edit one (its code stays); saving toasts and closes the form. An edit that
 * changes what members see or may pay is restated before → after first (channel-changes.ts).
 */
export function ChannelForm({ channel, onDone }: { channel: PaymentChannel | null; onDone: () => void }) {
  const { t, locale } = useAdminLedgerMessages();
  const genericError = useUiMessages().t('form.genericError');
  const [confirming, setConfirming] = useState<{ code: string; body: UpsertPaymentChannelBody } | null>(null);
  const digits = currencyFractionDigits(channel?.currency);
  const schema = useMemo(() => channelForm(digits, t), [digits, t]);
  const form = useZodForm(schema, { defaultValues: channelDefaults(channel, digits) });
  const upsert = useUpsertPaymentChannel();
  const isGateway = form.watch('kind') === 'gateway';
  const currency = channel ? ` (${channel.currency})` : '';
  const money = (minor: number) => formatMoney(minor, { currency: channel?.currency, locale });
  const changes = channel && confirming ? channelChanges(channel, confirming.body, t, money) : [];
  const save = async (values: { code: string; body: UpsertPaymentChannelBody }) => {
    const saved = await upsert.mutateAsync(values);
    toast(t('channels.saved', { name: saved.name }));
    onDone();
  };
  return (
    <Card className="flex max-w-3xl flex-col gap-4">
      <h2 className="text-lg font-semibold">{channel ? `${t('channels.edit')} ${channel.name}` : t('channels.new')}</h2>
      <Form
        form={form}
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={async (values) => {
          if (channel && channelChanges(channel, values.body, t, money).length > 0) setConfirming(values);
          else await save(values);
        }}
      >
        <TextField name="code" label={t('channels.code')} hint={t('channels.codeHint')} readOnly={Boolean(channel)} autoComplete="off" />
        <TextField name="name" label={t('channels.name')} maxLength={80} autoComplete="off" />
        <SelectField
          name="kind"
          label={t('channels.kind')}
          options={[
            { value: 'bank_transfer', label: t('channels.bank_transfer') },
            { value: 'gateway', label: t('channels.gateway') },
          ]}
        />
        <TextField name="sortOrder" label={t('channels.sortOrder')} inputMode="numeric" autoComplete="off" />
        <div className="sm:col-span-2">
          <TextAreaField name="instructions" label={t('channels.instructions')} rows={4} maxLength={4000} />
        </div>
        {isGateway ? <GatewayFields hasWebhookSecret={Boolean(channel?.hasWebhookSecret)} /> : null}
        <LimitFields currency={currency} />
        <div className="sm:col-span-2">
          <CheckboxField name="enabled" label={t('channels.enabledLabel')} />
        </div>
        <SaveCancelButtons saveLabel={t('channels.save')} cancelLabel={t('channels.cancel')} onCancel={onDone} />
      </Form>
      <ChangesSheet
        changes={changes}
        title={t('channels.confirmTitle', { name: channel?.name ?? '' })}
        description={t('channels.confirmLead')}
        confirmLabel={t('channels.save')}
        cancelLabel={t('channels.back')}
        isBusy={upsert.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          confirming &&
          save(confirming).catch((error: unknown) => {
            setConfirming(null);
            applyServerError(form, error, genericError, locale);
          })
        }
      />
    </Card>
  );
}
