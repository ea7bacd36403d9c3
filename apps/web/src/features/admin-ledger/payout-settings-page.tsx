import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { updateWithdrawalSettingsBodySchema } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { ConsolePage } from '../../components/ui/console';
import { Field } from '../../components/ui/field';
import { Form, FormServerError, useFieldError, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { useUpdateWithdrawalSettings, withdrawalSettingsQueryOptions, type WithdrawalSettings } from './api';
import { useAdminLedgerMessages } from './messages';

/** /admin/payout-settings: limits, fee, cool-down, payout time and the switch, audited with before and after. */
export function PayoutSettingsPage() {
  const { t } = useAdminLedgerMessages();
  const settings = useQuery(withdrawalSettingsQueryOptions());
  return (
    <ConsolePage title={t('payoutSettings.title')} description={t('payoutSettings.intro')}>
      {settings.data ? <SettingsForm settings={settings.data} /> : <p aria-busy="true">…</p>}
    </ConsolePage>
  );
}

const NUMBER_FIELDS = ['minAmount', 'maxAmount', 'dailyMax', 'feeFixed', 'feeBp', 'cooldownHours', 'payoutBusinessDays'] as const;

function SettingsForm({ settings }: { settings: WithdrawalSettings }) {
  const { t } = useAdminLedgerMessages();
  const update = useUpdateWithdrawalSettings();
  const form = useZodForm(updateWithdrawalSettingsBodySchema, { defaultValues: settings });
  return (
    <Form
      form={form}
      className="max-w-md gap-4"
      onSubmit={async (values) => {
        await update.mutateAsync(values);
        toast(t('payoutSettings.saved'));
      }}
    >
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input type="checkbox" className="accent-primary-600 size-4" {...form.register('enabled')} />
        {t('payoutSettings.enabled')}
      </label>
      {NUMBER_FIELDS.map((name) => (
        <NumberField key={name} name={name} label={t(`payoutSettings.${name}`)} />
      ))}
      <FormServerError />
      <Button type="submit" isBusy={form.formState.isSubmitting}>
        {t('payoutSettings.save')}
      </Button>
    </Form>
  );
}

/** A whole number in the settings form: registered as a number, its error under it. */
function NumberField({ name, label }: { name: (typeof NUMBER_FIELDS)[number]; label: string }) {
  const { register } = useFormContext<WithdrawalSettings>();
  const error = useFieldError(name);
  return (
    <Field
      id={`payout-${name}`}
      type="number"
      inputMode="numeric"
      label={label}
      error={error}
      {...register(name, { valueAsNumber: true })}
    />
  );
}
