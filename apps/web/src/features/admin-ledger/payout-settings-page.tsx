import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UpdateWithdrawalSettingsBody } from '@orchard/shared';
import { Card } from '../../components/ui/card';
import { ChangesSheet } from '../../components/ui/changes-sheet';
import { preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { CheckboxField, PercentField } from '../../components/ui/console-fields';
import { ConsolePage } from '../../components/ui/console';
import { Form, MoneyField, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { applyServerError } from '../../components/ui/form-errors';
import { toast } from '../../components/ui/toast';
import { useUiMessages } from '../../components/ui/messages';
import { appConfig } from '../../lib/config';
import { currencyFractionDigits, formatMoney, formatPercent } from '../../lib/format';
import { useUpdateWithdrawalSettings, withdrawalSettingsQueryOptions, type WithdrawalSettings } from './api';
import { useAdminLedgerMessages } from './messages';
import { payoutSettingsFormDefaults, payoutSettingsFormSchema, settingChanges, type SettingsFormat } from './payout-settings-form';

/**
 * /admin/payout-settings: limits, fee, cool-down, payout time and the switch, in the currency and
 * in percent (never minor units or basis points); a save is confirmed before → after, then audited.
 */
export function PayoutSettingsPage() {
  const { t } = useAdminLedgerMessages();
  const settings = useQuery(withdrawalSettingsQueryOptions());
  return (
    <ConsolePage title={t('payoutSettings.title')} description={t('payoutSettings.intro', { currency: appConfig.currency })}>
      {settings.data ? <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} /> : <p aria-busy="true">…</p>}
    </ConsolePage>
  );
}

export function SettingsForm({ settings, currency = appConfig.currency }: { settings: WithdrawalSettings; currency?: string }) {
  const { t, locale } = useAdminLedgerMessages();
  const genericError = useUiMessages().t('form.genericError');
  const digits = currencyFractionDigits(currency);
  const format = useMemo<SettingsFormat>(
    () => ({ money: (minor) => formatMoney(minor, { currency, locale }), percent: (basisPoints) => formatPercent(basisPoints, locale) }),
    [currency, locale],
  );
  const schema = useMemo(() => payoutSettingsFormSchema(digits, t, format), [digits, t, format]);
  const form = useZodForm(schema, { defaultValues: payoutSettingsFormDefaults(settings, digits) });
  const update = useUpdateWithdrawalSettings();
  const [confirming, setConfirming] = useState<UpdateWithdrawalSettingsBody | null>(null);
  const changes = confirming ? settingChanges(settings, confirming, t, format) : [];
  const save = (body: UpdateWithdrawalSettingsBody) =>
    update.mutate(body, {
      onSuccess: (answer) => {
        setConfirming(null);
        toast('approval' in answer ? t('payoutSettings.sentForApproval') : t('payoutSettings.saved'));
      },
      onError: (error) => {
        setConfirming(null);
        applyServerError(form, error, genericError, locale);
      },
    });
  return (
    <Card className="max-w-3xl">
      <Form
        form={form}
        className="gap-6"
        onFocus={preloadConfirmSheet}
        onSubmit={(body) => {
          if (settingChanges(settings, body, t, format).length === 0) toast(t('payoutSettings.unchanged'));
          else setConfirming(body);
        }}
      >
        <CheckboxField name="enabled" label={t('payoutSettings.enabledLabel')} />
        <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
          <MoneyField name="minAmount" label={t('payoutSettings.minAmount')} currency={currency} />
          <MoneyField name="maxAmount" label={t('payoutSettings.maxAmount')} currency={currency} />
          <MoneyField name="dailyMax" label={t('payoutSettings.dailyMax')} currency={currency} />
          <MoneyField name="feeFixed" label={t('payoutSettings.feeFixed')} currency={currency} />
          <PercentField name="feeBp" label={t('payoutSettings.feeBp')} hint={t('payoutSettings.feeHint')} />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-4 border-t border-gray-200 pt-5 sm:grid-cols-2 dark:border-gray-800">
          <TextField
            name="cooldownHours"
            label={t('payoutSettings.cooldownHours')}
            hint={t('payoutSettings.cooldownHint')}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField
            name="payoutBusinessDays"
            label={t('payoutSettings.payoutBusinessDays')}
            hint={t('payoutSettings.payoutDaysHint')}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <SubmitButton className="sm:w-auto sm:self-start">{t('payoutSettings.save')}</SubmitButton>
      </Form>
      <ChangesSheet
        changes={changes}
        title={t('payoutSettings.confirmTitle')}
        description={t('payoutSettings.confirmLead')}
        confirmLabel={t('payoutSettings.confirm')}
        cancelLabel={t('payoutSettings.back')}
        isBusy={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && save(confirming)}
      />
    </Card>
  );
}
