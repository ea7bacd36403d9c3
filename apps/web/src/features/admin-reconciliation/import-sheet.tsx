import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { bankCsvMappingSchema, importBankStatementBodySchema, type BankCsvMapping, type ImportBankStatementBody } from '@orchard/shared';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { SelectField } from '../../components/ui/console-fields';
import { Field } from '../../components/ui/controls';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { Form, FormServerError, TextField, useFieldError, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { intentKeys } from '../../lib/intent-key';
import { bankMappingsQueryOptions, useImportStatement } from './api';
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

const MAPPING_FIELDS = ['date', 'amountColumn', 'details', 'counterparty', 'balance'] as const;

/**
 * The bank's remembered CSV columns, filled in when the bank is named (its name as it was saved,
 * case aside) and the operator has typed no column yet; returns the bank's name when they were.
 */
function useRememberedColumns(form: UseFormReturn<ImportForm>): string | null {
  const remembered = useQuery(bankMappingsQueryOptions()).data?.items ?? [];
  const bankName = useWatch({ control: form.control, name: 'bankName' });
  const known = remembered.find((item) => item.bankName.toLowerCase() === bankName.trim().toLowerCase());
  useEffect(() => {
    if (!known || MAPPING_FIELDS.some((name) => form.getValues(name).trim() !== '')) return;
    const mapping: BankCsvMapping = known.mapping;
    form.setValue('format', 'csv');
    form.setValue('date', mapping.date);
    form.setValue('amountColumn', mapping.amount ?? '');
    form.setValue('details', mapping.details);
    form.setValue('counterparty', mapping.counterparty ?? '');
    form.setValue('balance', mapping.balance ?? '');
    form.setValue('dateFormat', mapping.dateFormat);
    form.setValue('decimalMark', mapping.decimalMark);
    form.setValue('delimiter', mapping.delimiter);
  }, [known, form]);
  return known ? known.bankName : null;
}

/** The bank's name, offering the banks whose columns are remembered. */
function BankNameField() {
  const { t } = useAdminReconciliationMessages();
  const knownBanks = useQuery(bankMappingsQueryOptions()).data?.items ?? [];
  return (
    <>
      <TextField name="bankName" label={t('importer.bankName')} maxLength={80} autoComplete="off" list="known-banks" />
      <datalist id="known-banks">
        {knownBanks.map((item) => (
          <option key={item.bankName} value={item.bankName} />
        ))}
      </datalist>
    </>
  );
}

/** A CSV's columns and how it writes dates, amounts and separators (filled in for a remembered bank). */
function MappingFields({ rememberedFor }: { rememberedFor: string | null }) {
  const { t } = useAdminReconciliationMessages();
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl p-3 ring-1 ring-gray-200 dark:ring-gray-800">
      <legend className="px-1 text-sm font-medium">{t('importer.mapping')}</legend>
      {rememberedFor ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('importer.remembered', { bank: rememberedFor })}</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField name="date" label={t('importer.date')} autoComplete="off" />
        <TextField name="amountColumn" label={t('importer.amountColumn')} autoComplete="off" />
        <TextField name="details" label={t('importer.details')} autoComplete="off" />
        <TextField name="counterparty" label={t('importer.counterparty')} autoComplete="off" />
        <TextField name="balance" label={t('importer.balance')} autoComplete="off" />
        <TextField name="currency" label={t('importer.currency')} maxLength={3} autoComplete="off" />
        <SelectField
          name="dateFormat"
          label={t('importer.dateFormat')}
          options={bankCsvMappingSchema.shape.dateFormat.options.map((value) => ({ value, label: value }))}
        />
        <SelectField
          name="decimalMark"
          label={t('importer.decimalMark')}
          options={[
            { value: '.', label: '1,234.56' },
            { value: ',', label: '1.234,56' },
          ]}
        />
        <SelectField
          name="delimiter"
          label={t('importer.delimiter')}
          options={[
            { value: ',', label: ',' },
            { value: ';', label: ';' },
            { value: '\t', label: 'Tab' },
          ]}
        />
      </div>
    </fieldset>
  );
}

/** Import a bank statement: camt.053 as it is, or a CSV with its columns (remembered for the bank). */
export function ImportSheet({ onClose }: { onClose: () => void }) {
  const { t } = useAdminReconciliationMessages();
  const run = useImportStatement();
  const keys = useRef(intentKeys()).current;
  const form = useZodForm(importForm, {
    defaultValues: {
      bankName: '',
      format: 'camt053',
      fileName: '',
      content: '',
      currency: '',
      date: '',
      amountColumn: '',
      details: '',
      counterparty: '',
      balance: '',
      dateFormat: 'YYYY-MM-DD',
      decimalMark: '.',
      delimiter: ',',
    },
  });
  const format = useWatch({ control: form.control, name: 'format' });
  const rememberedFor = useRememberedColumns(form);
  return (
    <ConfirmSheet
      open
      onOpenChange={(next) => !next && !run.isPending && onClose()}
      title={t('importer.title')}
      description={t('importer.body')}
    >
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
          <BankNameField />
          <SelectField
            name="format"
            label={t('importer.format')}
            options={(['camt053', 'csv'] as const).map((value) => ({ value, label: t(`importer.formats.${value}`) }))}
          />
          <FileField
            label={t('importer.file')}
            onFile={({ name, text }) => {
              form.setValue('fileName', name.slice(0, 200));
              form.setValue('content', text, { shouldValidate: true });
            }}
          />
          {format === 'csv' ? <MappingFields rememberedFor={rememberedFor} /> : null}
          <FormServerError />
          <DecisionButtons close={close} backLabel={t('importer.cancel')} confirmLabel={t('importer.confirm')} tone="primary" />
        </Form>
      )}
    </ConfirmSheet>
  );
}
