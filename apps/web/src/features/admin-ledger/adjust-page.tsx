import { useDeferredValue, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import type { MemberSummary } from '@orchard/shared';
import { decimalStringToMinor } from '@orchard/shared/money';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api-client';
import { appConfig } from '../../lib/config';
import { currencyFractionDigits, formatMoney } from '../../lib/format';
import { adjustBalance, adminLedgerKeys, memberSearchQueryOptions, type AdjustmentResult } from './api';
import { useAdminLedgerMessages } from './messages';
import { ConsolePage, Field, inputClass } from './ui';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';

/** /admin/adjust: credit or debit a member with a mandatory reason, confirmed with the amount restated. */
export function AdjustPage() {
  const { t } = useAdminLedgerMessages();
  const queryClient = useQueryClient();
  const ids = { search: useId(), amount: useId(), reason: useId() };
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const members = useQuery(memberSearchQueryOptions(deferred));
  const [member, setMember] = useState<MemberSummary | null>(null);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ amount: number } | null>(null);
  const [result, setResult] = useState<AdjustmentResult | null>(null);
  const intent = useRef<{ body: string; key: string } | null>(null);
  const digits = currencyFractionDigits(appConfig.currency);

  const mutation = useMutation({
    mutationFn: ({ amount }: { amount: number }) => {
      const body = { direction, amount, reason: reason.trim() };
      const serialized = JSON.stringify({ member: member!.id, ...body });
      if (intent.current?.body !== serialized) intent.current = { body: serialized, key: crypto.randomUUID() };
      return adjustBalance(member!.id, body, intent.current.key);
    },
    onSuccess: (next) => {
      intent.current = null;
      setConfirming(null);
      setResult(next);
      void queryClient.invalidateQueries({ queryKey: adminLedgerKeys.report() });
    },
    onError: (error) => {
      setConfirming(null);
      if (error instanceof ApiError) setErrors(Object.keys(error.fields).length ? error.fields : { form: error.message });
      else setErrors({ form: t('errors.generic') });
    },
  });

  if (result && member) {
    return (
      <ConsolePage title={t('adjust.title')}>
        <Card className="flex max-w-xl flex-col gap-4">
          <p role="status" className="flex items-center gap-2 text-base font-semibold text-green-800 dark:text-green-300">
            <CheckCircle2 className="size-5" aria-hidden="true" />
            {t('adjust.done', {
              member: member.displayName,
              available: formatMoney(result.wallet.available, { currency: result.wallet.currency }),
            })}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              setResult(null);
              setAmountText('');
              setReason('');
            }}
          >
            {t('adjust.another')}
          </Button>
        </Card>
      </ConsolePage>
    );
  }

  const amountMoney = confirming ? formatMoney(confirming.amount) : '';
  return (
    <ConsolePage title={t('adjust.title')}>
      <p className="max-w-2xl text-sm text-gray-600 dark:text-gray-400">{t('adjust.intro')}</p>
      <form
        noValidate
        className="flex max-w-xl flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          const next: Record<string, string> = {};
          if (!member) next.member = t('adjust.pickMember');
          const amount = decimalStringToMinor(amountText.replace(/\s/g, ''), digits);
          if (amount === null || amount <= 0) next.amount = t('adjust.amountInvalid');
          if (reason.trim().length < 3) next.reason = t('adjust.reasonRequired');
          setErrors(next);
          if (Object.keys(next).length === 0 && amount) setConfirming({ amount });
        }}
      >
        <Field label={t('adjust.search')} htmlFor={ids.search} hint={t('adjust.searchHint')} error={errors.member}>
          <input
            id={ids.search}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={inputClass}
            autoComplete="off"
          />
        </Field>
        <ul
          className="flex flex-col divide-y divide-gray-100 rounded-2xl bg-white ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800"
          aria-label={t('adjust.results')}
        >
          {members.data?.items.length === 0 ? (
            <li className="px-4 py-3 text-sm text-gray-600 dark:text-gray-400">{t('adjust.noMembers')}</li>
          ) : null}
          {members.data?.items.map((item) => {
            const isSelected = member?.id === item.id;
            return (
              <li
                key={item.id}
                className={cn('flex items-center justify-between gap-3 px-4 py-2', isSelected && 'bg-primary-50 dark:bg-primary-950')}
              >
                <span className="flex flex-col">
                  <span className="text-sm font-medium text-gray-900 dark:text-gray-100">{item.displayName}</span>
                  <span className="text-xs text-gray-600 dark:text-gray-400">{item.email ?? item.phone}</span>
                </span>
                <Button variant={isSelected ? 'primary' : 'secondary'} aria-pressed={isSelected} onClick={() => setMember(item)}>
                  {isSelected ? t('adjust.selected') : t('adjust.select')}
                </Button>
              </li>
            );
          })}
        </ul>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-900 dark:text-gray-100">{t('adjust.direction')}</legend>
          {(['credit', 'debit'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-3 rounded-xl px-3 ring-1 ring-gray-200 dark:ring-gray-800">
              <input
                type="radio"
                name="direction"
                value={value}
                checked={direction === value}
                onChange={() => setDirection(value)}
                className="accent-primary-600 size-4"
              />
              <span className="text-sm">{t(`adjust.${value}`)}</span>
            </label>
          ))}
        </fieldset>

        <Field label={`${t('adjust.amount')} (${appConfig.currency})`} htmlFor={ids.amount} error={errors.amount}>
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${ids.amount}-error` : undefined}
            className={`${inputClass} tabular-nums`}
          />
        </Field>
        <Field label={t('adjust.reason')} htmlFor={ids.reason} hint={t('adjust.reasonHint')} error={errors.reason}>
          <textarea
            id={ids.reason}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${ids.reason}-error ${ids.reason}-hint` : `${ids.reason}-hint`}
            className={`${inputClass} py-2`}
          />
        </Field>
        {errors.form ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit">{t('adjust.review')}</Button>
      </form>

      <ConfirmSheet
        size="wide"
        open={confirming !== null}
        onOpenChange={(open) => !open && !mutation.isPending && setConfirming(null)}
        title={t('adjust.confirmTitle')}
        description={
          <div className="flex flex-col gap-2">
            <span className="text-2xl font-bold tabular-nums">
              {direction === 'credit' ? '+' : '−'}
              {amountMoney}
            </span>
            <span>
              {t(direction === 'credit' ? 'adjust.confirmCredit' : 'adjust.confirmDebit', {
                amount: amountMoney,
                member: member?.displayName ?? '',
              })}
            </span>
            <span>{t('adjust.confirmReason', { reason: reason.trim() })}</span>
          </div>
        }
      >
        {(close) => (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={mutation.isPending} onClick={close}>
              {t('adjust.cancel')}
            </Button>
            <Button isBusy={mutation.isPending} onClick={() => confirming && mutation.mutate(confirming)}>
              {t('adjust.confirm', { amount: amountMoney })}
            </Button>
          </div>
        )}
      </ConfirmSheet>
    </ConsolePage>
  );
}
