import { useRef } from 'react';
import { z } from 'zod';
import { resolveBankLineBodySchema } from '@orchard/shared';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { SelectField } from '../../components/ui/console-fields';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { intentKeys } from '../../lib/intent-key';
import { useResolveBankLine, type BankLine } from './api';
import { useAdminReconciliationMessages } from './messages';

const ACTIONS = ['credit', 'link', 'refund', 'ignore'] as const;
/** The contract, with "none" as the select's empty choice of order or payout. */
const resolveForm = resolveBankLineBodySchema.extend({ targetId: z.union([z.literal(''), z.uuid('Choose an order or payout.')]).optional() });

/** An operator decides a queued line: the action, the order or payout it names (suggested), and a reason. */
export function ResolveSheet({ line, onClose }: { line: BankLine; onClose: () => void }) {
  const { t } = useAdminReconciliationMessages();
  const resolve = useResolveBankLine();
  const keys = useRef(intentKeys()).current;
  const suggested = line.suggestions[0]?.id;
  const form = useZodForm(resolveForm, {
    defaultValues: { action: line.amount > 0 && suggested ? 'credit' : 'ignore', targetId: suggested ?? '', reason: '' },
  });
  const amount = formatMoney(line.amount, { currency: line.currency });
  const options = [
    { value: '', label: t('resolve.noTarget') },
    ...line.suggestions.map((option) => ({
      value: option.id,
      label: t('resolve.suggestion', { reference: option.reference.slice(0, 13), amount: formatMoney(option.amount, { currency: option.currency }), status: option.status }),
    })),
  ];
  return (
    <ConfirmSheet
      open
      onOpenChange={(next) => !next && !resolve.isPending && onClose()}
      title={t('resolve.title')}
      description={t('resolve.body', { amount, day: line.bookedOn, details: line.details || line.counterparty })}
    >
      {(close) => (
        <Form
          form={form}
          onSubmit={async (body) => {
            const clean = { ...body, targetId: body.targetId || undefined };
            await keys.run(line.id, clean, (idempotencyKey) => resolve.mutateAsync({ id: line.id, body: clean, idempotencyKey }));
            toast(t('resolve.done'));
            onClose();
          }}
        >
          <SelectField name="action" label={t('resolve.action')} options={ACTIONS.map((value) => ({ value, label: t(`resolve.actions.${value}`) }))} />
          <SelectField name="targetId" label={t('resolve.target')} options={options} />
          <TextField name="reason" label={t('resolve.reason')} hint={t('resolve.reasonHint')} maxLength={500} autoComplete="off" />
          <DecisionButtons close={close} backLabel={t('resolve.cancel')} confirmLabel={t('resolve.confirm')} tone="primary" />
        </Form>
      )}
    </ConfirmSheet>
  );
}
