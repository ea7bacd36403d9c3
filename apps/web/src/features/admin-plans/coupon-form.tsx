import { useMemo } from 'react';
import { COUPON_BATCH_MAX, type CouponKind } from '@orchard/shared';
import { SaveCancelButtons } from '../../components/ui/decision-buttons';
import { Card } from '../../components/ui/card';
import { CheckboxField, PercentField, SelectField } from '../../components/ui/console-fields';
import { Form, MoneyField, TextField, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { appConfig } from '../../lib/config';
import { currencyFractionDigits } from '../../lib/format';
import { useGenerateCoupons, useSaveCoupon, type AdminCoupon, type AdminPlan, type GeneratedCoupons } from './api';
import { couponFormDefaults, couponFormSchema, type CouponFormMode, type Translate } from './forms';
import { useAdminPlansMessages } from './messages';
import { CheckboxListField, useRevealOnOpen } from './ui';

interface CouponFormProps {
  mode: CouponFormMode;
  /** The coupon being edited (mode "edit"). */
  coupon?: AdminCoupon | null;
  plans: AdminPlan[];
  onDone: () => void;
  /** A batch was generated (mode "generate"): the page shows its codes. */
  onGenerated?: (batch: GeneratedCoupons) => void;
}

function formTitle(mode: CouponFormMode, coupon: AdminCoupon | null, t: Translate): string {
  if (mode === 'generate') return t('couponForm.generateTitle');
  return coupon ? t('couponForm.editTitle', { code: coupon.code }) : t('couponForm.newTitle');
}

/** A batch's count and prefix, or the one coupon's code (fixed once it exists). */
function CodeFields({ mode, isEdit }: { mode: CouponFormMode; isEdit: boolean }) {
  const { t } = useAdminPlansMessages();
  return mode === 'generate' ? (
    <>
      <TextField
        name="count"
        label={t('couponForm.count')}
        hint={t('couponForm.countHint', { max: COUPON_BATCH_MAX })}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        name="prefix"
        label={t('couponForm.prefix')}
        hint={t('couponForm.prefixHint')}
        maxLength={12}
        autoComplete="off"
        className="min-h-11 w-full rounded-xl border border-gray-300 bg-white px-3 font-mono text-base text-gray-900 uppercase dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50"
      />
    </>
  ) : (
    <TextField
      name="code"
      label={t('couponForm.code')}
      hint={isEdit ? undefined : t('couponForm.codeHint')}
      readOnly={isEdit}
      maxLength={32}
      autoComplete="off"
      className="min-h-11 w-full rounded-xl border border-gray-300 bg-white px-3 font-mono text-base text-gray-900 uppercase read-only:bg-gray-50 read-only:text-gray-600 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50 dark:read-only:bg-gray-900 dark:read-only:text-gray-400"
    />
  );
}

/** What the coupon is worth (a percent with its cap, or an amount), and where it applies. */
function ValueFields({ kind, plans, currency }: { kind: CouponKind; plans: AdminPlan[]; currency: string }) {
  const { t } = useAdminPlansMessages();
  return (
    <>
      {kind === 'percent_off' ? (
        <PercentField name="value" label={t('couponForm.valuePercent')} hint={t('couponForm.valuePercentHint')} whole suffixHidden />
      ) : (
        <MoneyField
          name="value"
          label={kind === 'wallet_credit' ? t('couponForm.valueCredit') : t('couponForm.valueAmount')}
          currency={currency}
        />
      )}
      {kind === 'percent_off' ? (
        <MoneyField name="maxDiscount" label={t('couponForm.maxDiscount')} hint={t('couponForm.maxDiscountHint')} currency={currency} />
      ) : (
        <div aria-hidden="true" className="max-sm:hidden" />
      )}
      {kind !== 'wallet_credit' ? (
        <>
          <MoneyField name="minSpend" label={t('couponForm.minSpend')} hint={t('couponForm.minSpendHint')} currency={currency} />
          <div aria-hidden="true" className="max-sm:hidden" />
          <div className="sm:col-span-2">
            {plans.length > 0 ? (
              <CheckboxListField
                name="planIds"
                label={t('couponForm.plans')}
                hint={t('couponForm.plansHint')}
                options={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
              />
            ) : (
              <p className="text-sm text-gray-600 dark:text-gray-400">{t('couponForm.noPlans')}</p>
            )}
          </div>
        </>
      ) : null}
    </>
  );
}

/**
 * Create a coupon, edit one (its code stays), or generate a batch of codes with the same terms.
 * The kind decides what `value` is: a whole percent, or an amount in major units.
 */
export function CouponForm({ mode, coupon = null, plans, onDone, onGenerated }: CouponFormProps) {
  const { t } = useAdminPlansMessages();
  const currency = appConfig.currency;
  const digits = currencyFractionDigits(currency);
  const schema = useMemo(() => couponFormSchema(mode, digits, t), [mode, digits, t]);
  const form = useZodForm(schema, { defaultValues: couponFormDefaults(coupon, digits) });
  const save = useSaveCoupon();
  const generate = useGenerateCoupons();
  const kind = form.watch('kind');
  const card = useRevealOnOpen<HTMLDivElement>();

  return (
    <div ref={card} className="max-w-3xl scroll-mt-4">
      <Card className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">{formTitle(mode, coupon, t)}</h2>
          {mode === 'generate' ? <p className="text-sm text-gray-600 dark:text-gray-400">{t('couponForm.generateLead')}</p> : null}
        </div>
        <Form
          form={form}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
          onSubmit={async (result) => {
            if (result.mode === 'generate') {
              // The batch's panel says what was made (and stays): no toast.
              onGenerated?.(await generate.mutateAsync(result.body));
              return;
            }
            const saved = await save.mutateAsync(
              result.mode === 'create' ? { id: null, body: result.body } : { id: coupon?.id ?? '', body: result.body },
            );
            toast(t('couponForm.saved', { code: saved.code }));
            onDone();
          }}
        >
          <CodeFields mode={mode} isEdit={Boolean(coupon)} />
          <SelectField
            name="kind"
            label={t('couponForm.kind')}
            options={[
              { value: 'percent_off', label: t('coupons.kinds.percent_off') },
              { value: 'amount_off', label: t('coupons.kinds.amount_off') },
              { value: 'wallet_credit', label: t('coupons.kinds.wallet_credit') },
            ]}
          />
          <ValueFields kind={kind} plans={plans} currency={currency} />
          <TextField name="startsAt" type="datetime-local" label={t('couponForm.startsAt')} hint={t('common.dateHint')} />
          <TextField name="endsAt" type="datetime-local" label={t('couponForm.endsAt')} hint={t('common.dateHint')} />
          <TextField
            name="totalCap"
            label={t('couponForm.totalCap')}
            hint={t('couponForm.totalCapHint')}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField name="perMemberCap" label={t('couponForm.perMemberCap')} inputMode="numeric" autoComplete="off" />
          <div className="sm:col-span-2">
            <TextField
              name="assignedMemberId"
              label={t('couponForm.assignedMemberId')}
              hint={t('couponForm.assignedMemberHint')}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="sm:col-span-2">
            <CheckboxField name="active" label={t('couponForm.active')} />
          </div>
          <SaveCancelButtons
            saveLabel={mode === 'generate' ? t('couponForm.generateSubmit') : t('couponForm.save')}
            cancelLabel={t('common.cancel')}
            onCancel={onDone}
          />
        </Form>
      </Card>
    </div>
  );
}
