import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { Button } from './button';
import { Form, useZodForm } from './form';
import { useUiMessages } from './messages';

/** Search params as a filter form edits them: an empty box or "Any" means the filter is off. */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/**
 * A console list's filter bar on the form kit: the fields validated by a schema built from the
 * list's query contract, applied on submit (the page writes them to the URL), or all cleared.
 */
export function FilterBar<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  onSearch,
  children,
}: {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  onSearch: (values: z.output<S> | Record<string, never>) => void;
  children: ReactNode;
}) {
  const { t } = useUiMessages();
  const form = useZodForm(schema, { defaultValues });
  return (
    <Form form={form} onSubmit={onSearch} role="search" className="flex-row flex-wrap items-start gap-3 [&>*]:min-w-40">
      {children}
      <div className="flex gap-2 self-start pt-6">
        <Button type="submit">{t('filter.search')}</Button>
        <Button variant="ghost" onClick={() => onSearch({})}>
          {t('filter.clear')}
        </Button>
      </div>
    </Form>
  );
}
