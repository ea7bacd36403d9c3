import { useMemo } from 'react';
import { TRANSLATED_LANGUAGES } from '@orchard/shared/translations';
import { SaveCancelButtons } from '../../components/ui/decision-buttons';
import { Card } from '../../components/ui/card';
import { CheckboxField, TextAreaField } from '../../components/ui/console-fields';
import { Form, MoneyField, TextField, useZodForm } from '../../components/ui/form';
import { LanguageFields } from '../../components/ui/language-tabs';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { appConfig } from '../../lib/config';
import { currencyFractionDigits } from '../../lib/format';
import { useSavePlan, type AdminPlan } from './api';
import { numberedLines, planFormDefaults, planFormSchema } from './forms';
import { foldListFields } from './logic';
import { useAdminPlansMessages } from './messages';
import { useRevealOnOpen } from './ui';

/** The plan's texts, written in every language (docs/decisions/0024). */
const PLAN_TEXTS = ['name', 'badge', 'description', 'benefits'] as const;

/** The plan's name, badge, description and benefits, a tab per language. */
function PlanTexts() {
  const { t } = useAdminPlansMessages();
  return (
    <LanguageFields className="sm:col-span-2" fields={PLAN_TEXTS}>
      {(name, lang) => (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField name={name('name')} label={t('planForm.name')} maxLength={80} autoComplete="off" lang={lang} />
          <TextField
            name={name('badge')}
            label={t('planForm.badge')}
            hint={t('planForm.badgeHint')}
            maxLength={24}
            autoComplete="off"
            lang={lang}
          />
          <div className="sm:col-span-2">
            <TextAreaField name={name('description')} label={t('planForm.description')} rows={3} maxLength={2000} lang={lang} />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField name={name('benefits')} label={t('planForm.benefits')} hint={t('planForm.benefitsHint')} rows={5} lang={lang} />
          </div>
        </div>
      )}
    </LanguageFields>
  );
}

/** Add a plan, or edit one; saving toasts and closes the form. */
export function PlanForm({ plan, onDone }: { plan: AdminPlan | null; onDone: () => void }) {
  const { t } = useAdminPlansMessages();
  const currency = plan?.currency ?? appConfig.currency;
  const digits = currencyFractionDigits(currency);
  const schema = useMemo(() => planFormSchema(digits, t), [digits, t]);
  const form = useZodForm(schema, { defaultValues: planFormDefaults(plan, digits) });
  const save = useSavePlan();
  const card = useRevealOnOpen<HTMLDivElement>();

  const stockHint = plan
    ? `${
        plan.remainingStock === null
          ? t('planForm.stockSoldUnlimited', { sold: plan.soldCount })
          : t('planForm.stockSold', { sold: plan.soldCount, left: plan.remainingStock })
      } ${t('planForm.stockHint')}`
    : t('planForm.stockHint');

  return (
    <div ref={card} className="max-w-3xl scroll-mt-4">
      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{plan ? t('planForm.editTitle', { name: plan.name }) : t('planForm.newTitle')}</h2>
        <Form
          form={form}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
          onSubmit={async (body) => {
            try {
              const saved = await save.mutateAsync({ id: plan?.id ?? null, body });
              toast(t('planForm.saved', { name: saved.name }));
              onDone();
            } catch (error) {
              // "benefits.2" → under the benefits box, naming the line as the operator numbers it.
              if (!(error instanceof ApiError)) throw error;
              const lists = ['benefits', ...TRANSLATED_LANGUAGES.map((language) => `translations.${language}.benefits` as const)] as const;
              const fields = foldListFields(error.fields, lists, (index, list) =>
                t('common.line', { line: numberedLines(String(form.getValues(list as (typeof lists)[number])))[index - 1]?.line ?? index }),
              );
              throw new ApiError(error.status, error.code, error.message, fields, error.retryAfterSeconds);
            }
          }}
        >
          <PlanTexts />
          <MoneyField name="price" label={t('planForm.price')} currency={currency} placeholder="0.00" />
          <div aria-hidden="true" className="max-sm:hidden" />
          <TextField name="durationDays" label={t('planForm.durationDays')} inputMode="numeric" autoComplete="off" />
          <TextField
            name="sortOrder"
            label={t('planForm.sortOrder')}
            hint={t('planForm.sortOrderHint')}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField
            name="perMemberLimit"
            label={t('planForm.perMemberLimit')}
            hint={t('planForm.perMemberLimitHint')}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField name="stock" label={t('planForm.stock')} hint={stockHint} inputMode="numeric" autoComplete="off" />
          <TextField name="saleStartsAt" type="datetime-local" label={t('planForm.saleStartsAt')} hint={t('common.dateHint')} />
          <TextField name="saleEndsAt" type="datetime-local" label={t('planForm.saleEndsAt')} hint={t('common.dateHint')} />
          <div className="sm:col-span-2">
            <CheckboxField name="active" label={t('planForm.active')} />
          </div>
          <SaveCancelButtons saveLabel={t('planForm.save')} cancelLabel={t('common.cancel')} onCancel={onDone} />
        </Form>
      </Card>
    </div>
  );
}
