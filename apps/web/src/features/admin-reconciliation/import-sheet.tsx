import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { bankCsvMappingSchema, importBankStatementBodySchema, type ImportBankStatementBody } from '@orchard/shared';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { SelectField } from '../../components/ui/console-fields';
import { Field } from '../../components/ui/controls';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { Form, FormServerError, TextField, useFieldError, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { intentKeys } from '../../lib/intent-key';
import { useImportStatement } from './api';
import { useAdminReconciliationMessages } from './messages';

const column = z.string().max(100, 'At most 100 characters.');
/** The contract, with the CSV columns as plain fields (left empty: the bank's remembered columns). */
const importForm = importBankStatementBodySchema.omit({ mapping: true, currency: true }).extend({
  date: column,
  amountColumn: column,
  details: column,
  counterparty: column,
  balance: column,
  dateFormat: bankCsvMappingSchema.shape.dateFormat,
  decimalMark: bankCsvMappingSchema.shape.decimalMark,
  delimiter: bankCsvMappingSchema.shape.delimiter,
  currency: z.union([z.literal(''), z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code.')]),
});
type ImportForm = z.output<typeof importForm>;

function bodyOf(values: ImportForm): ImportBankStatementBody {
  const optional = (value: string) => value.trim() || undefined;
  const mapped = values.format === 'csv' && values.date.trim() !== '';
  return {
    bankName: values.bankName,
    format: values.format,
    fileName: values.fileName,
    content: values.content,
    ...(values.currency ? { currency: values.currency } : {}),
    ...(mapped
      ? {
          mapping: {
            date: values.date.trim(),
            amount: optional(values.amountColumn),
            details: values.details.trim(),
            counterparty: optional(values.counterparty),
            balance: optional(values.balance),
            dateFormat: values.dateFormat,
            decimalMark: values.decimalMark,
            delimiter: values.delimiter,
          },
        }
      : {}),
  };
}

/** The statement file, read in the browser; its text and name become the form's values. */
function FileField({ label, onFile }: { label: string; onFile: (file: { name: string; text: string }) => void }) {
  const error = useFieldError('content');
  return (
    <Field
      id="statement-file"
      label={label}
      error={error}
      type="file"
      accept=".xml,.csv,.txt,text/xml,text/csv"
      className="text-sm"
      onChange={async (event) => {
        const file = event.currentTarget.files?.[0];
        if (file) onFile({ name: file.name, text: await file.text() });
      }}
    />
  );
}

/** Import a bank statement: camt.053 as it is, or a CSV with its columns (remembered for the bank). */
export function ImportSheet({ onClose }: { onClose: () => void }) {
  const { t } = useAdminReconciliationMessages();
  const run = useImportStatement();
  const keys = useRef(intentKeys()).current;
  const form = useZodForm(importForm, {
    defaultValues: {
      bankName: '', format: 'camt053', fileName: '', content: '', currency: '',
      date: '', amountColumn: '', details: '', counterparty: '', balance: '',
      dateFormat: 'YYYY-MM-DD', decimalMark: '.', delimiter: ',',
    },
  });
  const format = useWatch({ control: form.control, name: 'format' });
  return (
    <ConfirmSheet open onOpenChange={(next) => !next && !run.isPending && onClose()} title={t('importer.title')} description={t('importer.body')}>
      {(close) => (
        <Form
          form={form}
          onSubmit={async (values) => {
            const body = bodyOf(values);
            const result = await keys.run('import', body, (idempotencyKey) => run.mutateAsync({ body, idempotencyKey }));
            toast(t('importer.done', result));
            onClose();
          }}
        >
          <TextField name="bankName" label={t('importer.bankName')} maxLength={80} autoComplete="off" />
          <SelectField name="format" label={t('importer.format')} options={(['camt053', 'csv'] as const).map((value) => ({ value, label: t(`importer.formats.${value}`) }))} />
          <FileField
            label={t('importer.file')}
            onFile={({ name, text }) => {
              form.setValue('fileName', name.slice(0, 200));
              form.setValue('content', text, { shouldValidate: true });
            }}
          />
          {format === 'csv' ? (
            <fieldset className="flex flex-col gap-3 rounded-xl p-3 ring-1 ring-gray-200 dark:ring-gray-800">
              <legend className="px-1 text-sm font-medium">{t('importer.mapping')}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField name="date" label={t('importer.date')} autoComplete="off" />
                <TextField name="amountColumn" label={t('importer.amountColumn')} autoComplete="off" />
                <TextField name="details" label={t('importer.details')} autoComplete="off" />
                <TextField name="counterparty" label={t('importer.counterparty')} autoComplete="off" />
                <TextField name="balance" label={t('importer.balance')} autoComplete="off" />
                <TextField name="currency" label={t('importer.currency')} maxLength={3} autoComplete="off" />
                <SelectField name="dateFormat" label={t('importer.dateFormat')} options={bankCsvMappingSchema.shape.dateFormat.options.map((value) => ({ value, label: value }))} />
                <SelectField name="decimalMark" label={t('importer.decimalMark')} options={[{ value: '.', label: '1,234.56' }, { value: ',', label: '1.234,56' }]} />
                <SelectField name="delimiter" label={t('importer.delimiter')} options={[{ value: ',', label: ',' }, { value: ';', label: ';' }, { value: '\t', label: 'Tab' }]} />
              </div>
            </fieldset>
          ) : null}
          <FormServerError />
          <DecisionButtons close={close} backLabel={t('importer.cancel')} confirmLabel={t('importer.confirm')} tone="primary" />
        </Form>
      )}
    </ConfirmSheet>
  );
}
