import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { Card } from '../../components/ui/card';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { formatDateTime, formatMoney } from '../../lib/format';
import { memberBalancesAtQueryOptions } from './api';
import { useAdminLedgerMessages } from './messages';

/**
 * "Balance at" on the console member page: the member's balances at the start of a chosen day
 * (UTC), what their entries dated before it sum to (GET /admin/members/:id/balances-at).
 */
export function MemberBalanceAt({ memberId, currency }: { memberId: string; currency?: string }) {
  const { t } = useAdminLedgerMessages();
  const [day, setDay] = useState<string | null>(null);
  const schema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t('money.pickDay')) });
  const form = useZodForm(schema, { defaultValues: { day: '' } });
  const found = useQuery({ ...memberBalancesAtQueryOptions(memberId, day ?? ''), enabled: day !== null });
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('money.balanceAt')}</h3>
      <Form form={form} onSubmit={(values) => setDay(values.day)} className="flex-row flex-wrap items-start gap-3">
        <TextField name="day" type="date" label={t('money.balanceAtDay')} hint={t('money.balanceAtHint')} />
        <div className="pt-6">
          <SubmitButton className="w-auto">{t('money.balanceAtShow')}</SubmitButton>
        </div>
      </Form>
      {found.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('money.balanceAtFailed')}
        </p>
      ) : found.data ? (
        <div aria-live="polite" data-testid="balance-at">
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('money.balanceAtResult', { at: formatDateTime(found.data.at) })}</p>
          <dl className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))] gap-3">
            {(
              [
                ['available', t('money.available')],
                ['onHold', t('money.onHold')],
                ['debt', t('money.debt')],
              ] as const
            ).map(([key, label]) => (
              <div key={key} className="rounded-xl bg-gray-50 p-3 dark:bg-gray-800/60">
                <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
                <dd className="font-semibold text-gray-900 tabular-nums dark:text-gray-50">{formatMoney(found.data[key], { currency })}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </Card>
  );
}
