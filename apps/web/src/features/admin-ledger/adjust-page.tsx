import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { CheckCircle2, Clock } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { adjustBalanceBodySchema, type MemberSummary, type SentForApproval } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ConfirmActions, ConfirmSheet } from '../../components/ui/confirm-sheet';
import { ChoiceField } from '../../components/ui/console-fields';
import { ConsolePage } from '../../components/ui/console';
import { Field } from '../../components/ui/field';
import { Form, MoneyField, SubmitButton, TextField, useFieldError, useZodForm } from '../../components/ui/form';
import { applyServerError } from '../../components/ui/form-errors';
import { moneyText } from '../../components/ui/money-schema';
import { useUiMessages } from '../../components/ui/messages';
import { appConfig } from '../../lib/config';
import { currencyFractionDigits, formatMoney } from '../../lib/format';
import { useIntentKey } from '../../lib/intent-key';
import { adjustMemberQueryOptions, memberSearchQueryOptions, useAdjustBalance, type AdjustmentResult } from './api';
import { useAdminLedgerMessages } from './messages';
import { adjustMemberOf } from './search';

type Translate = ReturnType<typeof useAdminLedgerMessages>['t'];

/** The contract's direction and reason; the amount typed as text, then checked by the contract's amount rule. */
function adjustForm(t: Translate) {
  const amountMessage = t('adjust.amountInvalid');
  return z.strictObject({
    memberId: z.string().min(1, t('adjust.pickMember')),
    direction: adjustBalanceBodySchema.shape.direction,
    amount: moneyText(
      currencyFractionDigits(appConfig.currency),
      { min: 1, max: Number.MAX_SAFE_INTEGER },
      { required: t('adjust.amountRequired'), invalid: amountMessage, tooLow: amountMessage, tooHigh: amountMessage },
    ).pipe(adjustBalanceBodySchema.shape.amount),
    reason: adjustBalanceBodySchema.shape.reason,
  });
}
type Adjustment = z.output<ReturnType<typeof adjustForm>>;

/** The adjustment made: the member's new available balance, and the way to another one. */
function AdjustmentDone({ member, result, onAnother }: { member: MemberSummary; result: AdjustmentResult; onAnother: () => void }) {
  const { t } = useAdminLedgerMessages();
  return (
    <Card className="flex max-w-xl flex-col gap-4">
      <p role="status" className="flex items-center gap-2 text-base font-semibold text-green-800 dark:text-green-300">
        <CheckCircle2 className="size-5" aria-hidden="true" />
        {t('adjust.done', {
          member: member.displayName,
          available: formatMoney(result.wallet.available, { currency: result.wallet.currency }),
        })}
      </p>
      <Button variant="secondary" onClick={onAnother}>
        {t('adjust.another')}
      </Button>
    </Card>
  );
}

/** Over the threshold: nothing moved yet; the request waits for another person, one tap away. */
function SentForApprovalCard({ member, sent, onAnother }: { member: MemberSummary; sent: SentForApproval; onAnother: () => void }) {
  const { t } = useAdminLedgerMessages();
  const { approval } = sent;
  return (
    <Card className="flex max-w-xl flex-col gap-4">
      <p role="status" className="flex items-center gap-2 text-base font-semibold text-amber-900 dark:text-amber-200">
        <Clock className="size-5 shrink-0" aria-hidden="true" />
        {t('adjust.sent', { member: member.displayName, amount: formatMoney(approval.amount, { currency: approval.currency }) })}
      </p>
      <Link
        to="/admin/approvals"
        search={{ id: approval.id }}
        className="inline-flex min-h-11 items-center justify-center rounded-xl bg-primary-700 px-4 font-semibold text-white hover:bg-primary-800 dark:bg-primary-600"
      >
        {t('adjust.seeRequest')}
      </Link>
      <Button variant="secondary" onClick={onAnother}>
        {t('adjust.another')}
      </Button>
    </Card>
  );
}

/** The adjustment restated (member, reason, signed amount) before it is made. */
function ConfirmAdjustment({
  confirming,
  memberName,
  isBusy,
  onCancel,
  onConfirm,
}: {
  confirming: Adjustment | null;
  memberName: string;
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useAdminLedgerMessages();
  const amount = confirming ? formatMoney(confirming.amount) : '';
  return (
    <ConfirmSheet
      size="wide"
      open={confirming !== null}
      onOpenChange={(open) => !open && !isBusy && onCancel()}
      title={t('adjust.confirmTitle')}
      summary={
        confirming
          ? [
              { label: t('adjust.member'), value: memberName },
              { label: t('adjust.reason'), value: confirming.reason },
              { label: t('adjust.amount'), value: `${confirming.direction === 'credit' ? '+' : '−'}${amount}`, emphasis: true },
            ]
          : undefined
      }
      description={t(confirming?.direction === 'debit' ? 'adjust.confirmDebit' : 'adjust.confirmCredit', {
        amount,
        member: memberName,
      })}
    >
      {(close) => (
        <ConfirmActions
          confirmLabel={t('adjust.confirm', { amount })}
          cancelLabel={t('adjust.cancel')}
          onConfirm={onConfirm}
          close={close}
          isBusy={isBusy}
          tone={confirming?.direction === 'debit' ? 'danger' : 'primary'}
        />
      )}
    </ConfirmSheet>
  );
}

/** /admin/adjust: credit or debit a member with a mandatory reason, confirmed with the amount restated. */
export function AdjustPage() {
  const { t } = useAdminLedgerMessages();
  const genericError = useUiMessages().t('form.genericError');
  const schema = useMemo(() => adjustForm(t), [t]);
  // Opened from a member page (?member=): that member is picked already (the route loaded them).
  const presetId = adjustMemberOf(useSearch({ from: '/admin/adjust' }));
  const preset = useQuery({ ...adjustMemberQueryOptions(presetId ?? ''), enabled: Boolean(presetId) }).data?.member ?? null;
  const form = useZodForm(schema, { defaultValues: { memberId: preset?.id ?? '', direction: 'credit', amount: '', reason: '' } });
  const [member, setMember] = useState<MemberSummary | null>(preset);
  const [confirming, setConfirming] = useState<Adjustment | null>(null);
  const [result, setResult] = useState<AdjustmentResult | SentForApproval | null>(null);
  // One idempotency key per intent: confirming the same adjustment again (after a lost answer) reuses it.
  const intent = useIntentKey();
  const mutation = useAdjustBalance();

  const adjust = ({ memberId, ...body }: Adjustment) => {
    mutation.mutate(
      { userId: memberId, body, idempotencyKey: intent.keyFor({ memberId, ...body }) },
      {
        onSuccess: (next) => {
          intent.settle(null);
          setConfirming(null);
          setResult(next);
        },
        onError: (error) => {
          intent.settle(error);
          setConfirming(null);
          applyServerError(form, error, genericError);
        },
      },
    );
  };

  if (result && member) {
    const another = () => {
      setResult(null);
      form.reset({ memberId: member.id, direction: 'credit', amount: '', reason: '' });
    };
    return (
      <ConsolePage title={t('adjust.title')}>
        {'approval' in result ? (
          <SentForApprovalCard member={member} sent={result} onAnother={another} />
        ) : (
          <AdjustmentDone member={member} result={result} onAnother={another} />
        )}
      </ConsolePage>
    );
  }

  return (
    <ConsolePage title={t('adjust.title')} description={t('adjust.intro')}>
      <Form form={form} onSubmit={setConfirming} className="max-w-xl gap-5">
        <MemberPicker selected={member} onSelect={setMember} />
        <ChoiceField
          name="direction"
          label={t('adjust.direction')}
          options={[
            { value: 'credit', label: t('adjust.credit') },
            { value: 'debit', label: t('adjust.debit') },
          ]}
        />
        <MoneyField name="amount" label={`${t('adjust.amount')} (${appConfig.currency})`} currency={appConfig.currency} />
        <TextField name="reason" label={t('adjust.reason')} hint={t('adjust.reasonHint')} maxLength={500} autoComplete="off" />
        <SubmitButton>{t('adjust.review')}</SubmitButton>
      </Form>

      <ConfirmAdjustment
        confirming={confirming}
        memberName={member?.displayName ?? ''}
        isBusy={mutation.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && adjust(confirming)}
      />
    </ConsolePage>
  );
}

/** Search members by name, email or phone and pick one; the choice fills the form's `memberId`. */
function MemberPicker({ selected, onSelect }: { selected: MemberSummary | null; onSelect: (member: MemberSummary) => void }) {
  const { t } = useAdminLedgerMessages();
  const { setValue, formState } = useFormContext<{ memberId: string }>();
  const error = useFieldError('memberId');
  const id = useId();
  const [search, setSearch] = useState(() => (selected ? (selected.email ?? selected.phone ?? selected.displayName) : ''));
  const members = useQuery(memberSearchQueryOptions(useDeferredValue(search.trim())));
  return (
    <>
      <Field
        id={id}
        label={t('adjust.search')}
        hint={t('adjust.searchHint')}
        error={error}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        autoComplete="off"
      />
      <ul
        className="flex flex-col divide-y divide-gray-100 rounded-2xl bg-white ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800"
        aria-label={t('adjust.results')}
      >
        {members.error ? (
          <li role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-400">
            {members.error.message}
          </li>
        ) : members.data?.items.length === 0 ? (
          <li className="px-4 py-3 text-sm text-gray-600 dark:text-gray-400">{t('adjust.noMembers')}</li>
        ) : null}
        {members.data?.items.map((item) => {
          const isSelected = selected?.id === item.id;
          return (
            <li
              key={item.id}
              className={cn('flex items-center justify-between gap-3 px-4 py-2', isSelected && 'bg-primary-50 dark:bg-primary-950')}
            >
              <span className="flex min-w-0 flex-col">
                <span className="text-sm font-medium text-gray-900 dark:text-gray-100">{item.displayName}</span>
                <span className="text-xs break-all text-gray-600 dark:text-gray-400">{item.email ?? item.phone}</span>
              </span>
              <Button
                variant={isSelected ? 'primary' : 'secondary'}
                aria-pressed={isSelected}
                onClick={() => {
                  onSelect(item);
                  setValue('memberId', item.id, { shouldValidate: formState.isSubmitted });
                }}
              >
                {isSelected ? t('adjust.selected') : t('adjust.select')}
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
