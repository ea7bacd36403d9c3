import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { Card } from '../../components/ui/card';
import { ChangesSheet } from '../../components/ui/changes-sheet';
import { CheckboxField } from '../../components/ui/console-fields';
import { ConsolePage } from '../../components/ui/console';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { applyServerError, failureMessage } from '../../components/ui/form-errors';
import { formatDateTime } from '../../lib/format';
import { referralSettingsQueryOptions, useUpdateReferralSettings, type ReferralSettings } from './api';
import type { UpdateReferralSettingsBody } from '@orchard/shared';
import { referralFormDefaults, referralFormSchema, type ReferralFormValues } from './forms';
import { formatBasisPoints, percentToBasisPoints } from './logic';
import { useAdminPlansMessages } from './messages';
import { referralChanges } from './referral-changes';
import { LoadFailed } from './ui';

/** /admin/referrals: the commission rates of the three levels, the cap, the holding period, the refund window. */
export function ReferralsPage() {
  const { t, locale } = useAdminPlansMessages();
  const { data, error, refetch, isFetching } = useQuery(referralSettingsQueryOptions());
  return (
    <ConsolePage
      title={t('referrals.title')}
      description={
        <>
          {t('referrals.intro')}
          {data ? ` ${t('referrals.updated', { time: formatDateTime(data.updatedAt, locale) })}` : null}
        </>
      }
    >
      {data ? (
        <SettingsForm key={data.updatedAt} settings={data} />
      ) : error ? (
        <LoadFailed message={failureMessage(error, t('common.loadFailed'), locale)} onRetry={() => void refetch()} isBusy={isFetching} />
      ) : (
        <div
          aria-hidden="true"
          className="h-96 max-w-3xl animate-pulse rounded-2xl bg-gray-100 motion-reduce:animate-none dark:bg-gray-800"
        />
      )}
    </ConsolePage>
  );
}

function SettingsForm({ settings }: { settings: ReferralSettings }) {
  const { t, locale } = useAdminPlansMessages();
  const schema = useMemo(() => referralFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: referralFormDefaults(settings) });
  const update = useUpdateReferralSettings();
  const [confirming, setConfirming] = useState<UpdateReferralSettingsBody | null>(null);
  const save = (body: UpdateReferralSettingsBody) =>
    update.mutate(body, {
      onSuccess: (answer) => toast('approval' in answer ? t('referrals.sentForApproval') : t('referrals.saved')),
      onError: (error) => applyServerError(form, error, t('referrals.saveFailed'), locale),
      onSettled: () => setConfirming(null),
    });
  return (
    <Card className="max-w-3xl">
      <Form
        form={form}
        className="gap-6"
        onSubmit={(body) => {
          if (referralChanges(settings, body, t, locale).length === 0) toast(t('referrals.unchanged'));
          else setConfirming(body);
        }}
      >
        <RateFields />
        <div className="border-t border-gray-200 pt-5 dark:border-gray-800">
          <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-base font-semibold text-gray-900 dark:text-gray-50">{t('referrals.timing')}</legend>
            <TextField
              name="holdDays"
              label={t('referrals.holdDays')}
              hint={t('referrals.holdDaysHint')}
              inputMode="numeric"
              autoComplete="off"
            />
            <TextField
              name="refundWindowDays"
              label={t('referrals.refundWindowDays')}
              hint={t('referrals.refundWindowHint')}
              inputMode="numeric"
              autoComplete="off"
            />
            <div className="sm:col-span-2">
              <CheckboxField name="requireActivePlan" label={t('referrals.requireActivePlan')} />
            </div>
          </fieldset>
        </div>
        <SubmitButton className="sm:w-auto sm:self-start">{t('referrals.save')}</SubmitButton>
      </Form>
      <ChangesSheet
        changes={confirming ? referralChanges(settings, confirming, t, locale) : []}
        title={t('referrals.confirmTitle')}
        description={t('referrals.confirmLead')}
        confirmLabel={t('referrals.confirm')}
        cancelLabel={t('referrals.back')}
        isBusy={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && save(confirming)}
      />
    </Card>
  );
}

/** The three levels' rates and the cap, with what they make together as they are typed. */
function RateFields() {
  const { t, locale } = useAdminPlansMessages();
  const [level1 = null, level2 = null, level3 = null, cap = null] = useFormContext<ReferralFormValues>()
    .watch(['level1Bp', 'level2Bp', 'level3Bp', 'capBp'])
    .map(percentToBasisPoints);
  const total = level1 !== null && level2 !== null && level3 !== null ? level1 + level2 + level3 : null;
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-3">
      <legend className="mb-3 flex flex-col gap-1">
        <span className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('referrals.rates')}</span>
        <span className="text-sm text-gray-600 dark:text-gray-400">{t('referrals.ratesLead')}</span>
      </legend>
      <PercentField name="level1Bp" label={t('referrals.level1')} hint={t('referrals.level1Hint')} />
      <PercentField name="level2Bp" label={t('referrals.level2')} hint={t('referrals.level2Hint')} />
      <PercentField name="level3Bp" label={t('referrals.level3')} hint={t('referrals.level3Hint')} />
      <div className="sm:col-span-3 sm:max-w-[calc(33.333%-0.667rem)]">
        <PercentField name="capBp" label={t('referrals.cap')} hint={t('referrals.capHint')} />
      </div>
      <p className="flex items-start gap-2 text-sm text-gray-700 sm:col-span-3 dark:text-gray-300" aria-live="polite">
        <span>
          {total === null || cap === null
            ? t('referrals.ratesLead')
            : t(total > cap ? 'referrals.overCap' : 'referrals.together', {
                total: formatBasisPoints(total, locale),
                cap: formatBasisPoints(cap, locale),
              })}
        </span>
      </p>
    </fieldset>
  );
}

/** A rate typed as a percentage ("10", "2.5"), shown with its sign; the form turns it into basis points. */
function PercentField({ name, label, hint }: { name: string; label: string; hint: string }) {
  return <TextField name={name} label={`${label} (%)`} hint={hint} inputMode="decimal" autoComplete="off" />;
}
