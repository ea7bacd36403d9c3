import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { UpdateApprovalSettingsBody } from '@orchard/shared';
import { minorToDecimalString, moneyTextToMinor } from '@orchard/shared/money';
import { Card } from '../../components/ui/card';
import { ChangesSheet, type SettingChange } from '../../components/ui/changes-sheet';
import { preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { Form, MoneyField, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { applyServerError } from '../../components/ui/form-errors';
import { useUiMessages } from '../../components/ui/messages';
import { toast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { approvalSettingsQueryOptions, type ApprovalSettings, useUpdateApprovalSettings } from './api';
import { type AdminApprovalsT, useAdminApprovalsMessages } from './messages';

/** The threshold in the currency (empty: off) and the expiry in hours; the API keeps minor units. */
function thresholdForm(t: AdminApprovalsT, digits: number) {
  return z.strictObject({
    threshold: z.string().transform((text, context) => {
      if (text.trim() === '') return null;
      const minor = moneyTextToMinor(text.trim(), digits);
      if (minor === null) {
        context.addIssue({ code: 'custom', message: t('settings.invalid') });
        return z.NEVER;
      }
      return minor;
    }),
    expiresAfterHours: z
      .string()
      .regex(/^\d{1,3}$/, t('settings.hours'))
      .transform(Number)
      .pipe(z.number().int().min(1).max(168)),
  });
}

/** What a save would change, in words: "Threshold: $1,000.00 → $2,000.00". */
function changesOf(t: AdminApprovalsT, before: ApprovalSettings, after: UpdateApprovalSettingsBody): SettingChange[] {
  const money = (minor: number | null) => (minor === null ? t('settings.off') : formatMoney(minor, { currency: before.currency }));
  const changes: SettingChange[] = [];
  if (before.threshold !== after.threshold)
    changes.push({ field: 'threshold', label: t('settings.threshold'), before: money(before.threshold), after: money(after.threshold) });
  if (before.expiresAfterHours !== after.expiresAfterHours)
    changes.push({
      field: 'hours',
      label: t('settings.hours'),
      before: String(before.expiresAfterHours),
      after: String(after.expiresAfterHours),
    });
  return changes;
}

/** Operators: the approval threshold, changed with a before → after confirm (audited by the API). */
export function ThresholdCard() {
  const settings = useQuery(approvalSettingsQueryOptions()).data;
  return settings ? <ThresholdForm key={JSON.stringify(settings)} settings={settings} /> : null;
}

function ThresholdForm({ settings }: { settings: ApprovalSettings }) {
  const { t, locale } = useAdminApprovalsMessages();
  const genericError = useUiMessages().t('form.genericError');
  const schema = useMemo(() => thresholdForm(t, settings.fractionDigits), [t, settings.fractionDigits]);
  const form = useZodForm(schema, {
    defaultValues: {
      threshold: settings.threshold === null ? '' : minorToDecimalString(settings.threshold, settings.fractionDigits),
      expiresAfterHours: String(settings.expiresAfterHours),
    },
  });
  const update = useUpdateApprovalSettings();
  const [confirming, setConfirming] = useState<UpdateApprovalSettingsBody | null>(null);
  const changes = confirming ? changesOf(t, settings, confirming) : [];
  return (
    <Card className="max-w-3xl">
      <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('settings.title')}</h2>
      <p className="mb-4 text-sm text-gray-600 dark:text-gray-400">{t('settings.intro')}</p>
      <Form
        form={form}
        className="gap-4"
        onFocus={preloadConfirmSheet}
        onSubmit={(body) => changesOf(t, settings, body).length > 0 && setConfirming(body)}
      >
        <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
          <MoneyField name="threshold" label={t('settings.threshold')} hint={t('settings.thresholdHint')} currency={settings.currency} />
          <TextField name="expiresAfterHours" label={t('settings.hours')} inputMode="numeric" autoComplete="off" />
        </div>
        <SubmitButton className="sm:w-auto sm:self-start">{t('settings.review')}</SubmitButton>
      </Form>
      <ChangesSheet
        changes={changes}
        title={t('settings.confirmTitle')}
        description={t('settings.intro')}
        confirmLabel={t('settings.confirm')}
        cancelLabel={t('settings.cancel')}
        isBusy={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          confirming &&
          update.mutate(confirming, {
            onSuccess: () => {
              setConfirming(null);
              toast(t('settings.saved'));
            },
            onError: (error) => {
              setConfirming(null);
              applyServerError(form, error, genericError, locale);
            },
          })
        }
      />
    </Card>
  );
}
