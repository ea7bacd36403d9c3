import { useCallback, useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from './button';
import { cn } from './cn';
import { Field, FormAlert, noteIds } from './field';
import { applyServerError } from './form-errors';
import { useUiMessages } from './messages';
import { translateApiText } from '../../lib/language';

/*
 * The form kit (docs/decisions/0010): react-hook-form validated by a zod schema — the
 * shared contract's schema, or one composed from its fields — with the field markup of
 * field.tsx. A server answer with field messages lands on those fields; anything else shows
 * above the submit button.
 */

// zod runs interpreted (no `new Function`, refused by our CSP): lib/zod-config.ts, set by the entry.

type ZodForm = z.ZodType<unknown, FieldValues>;

/**
 * useForm with the schema as resolver. Errors show on submit, then follow each change of the
 * field (react-hook-form's default). Not on blur: a message appearing as a field loses focus
 * pushes the submit button down between press and release, and the click is lost.
 * The schema may change between renders (it can depend on what the server requires): the
 * latest one validates.
 */
/** Every `message` in react-hook-form's nested errors, put into the app's language in place. */
function translateMessages(errors: unknown, depth = 0): void {
  if (errors === null || typeof errors !== 'object' || depth > 8) return;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'message' && typeof value === 'string') (errors as Record<string, unknown>).message = translateApiText(value);
    else if (key !== 'ref') translateMessages(value, depth + 1);
  }
}

export function useZodForm<S extends ZodForm>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & { defaultValues: DefaultValues<z.input<S>> },
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const latest = useRef(schema);
  useEffect(() => {
    latest.current = schema;
  }, [schema]);
  const resolver = useCallback<Resolver<z.input<S>, unknown, z.output<S>>>(async (values, context, resolverOptions) => {
    const result = await zodResolver(latest.current)(values, context, resolverOptions);
    // The contracts' messages are English; the member reads them in the app's language.
    translateMessages(result.errors);
    return result;
  }, []);
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}

export interface FormProps<In extends FieldValues, Out> extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  form: UseFormReturn<In, unknown, Out>;
  /** Runs with the parsed values; a thrown ApiError lands on the fields or above the button. */
  onSubmit: (values: Out) => unknown;
}

export function Form<In extends FieldValues, Out>({ form, onSubmit, className, children, ...rest }: FormProps<In, Out>) {
  const { t, locale } = useUiMessages();
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className={cn('flex flex-col gap-4', className)}
        onSubmit={form.handleSubmit(async (values) => {
          try {
            await onSubmit(values);
          } catch (error) {
            applyServerError(form, error, t('form.genericError'), locale);
          }
        })}
        {...rest}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** The message of field `name`, client-side or from the server. */
export function useFieldError(name: string): string | undefined {
  const { getFieldState, formState } = useFormContext();
  return getFieldState(name, formState).error?.message;
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'name' | 'id'> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  aside?: ReactNode;
  id?: string;
}

/** A registered text input: label above, error under it (aria-invalid, aria-describedby). */
export function TextField({ name, id, onChange, onBlur, ...props }: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <Field id={id ?? name} error={error} {...props} {...register(name, { onChange, onBlur })} />;
}

export interface MoneyFieldProps {
  name: string;
  label: ReactNode;
  /** ISO code shown beside the figure. */
  currency: string;
  hint?: ReactNode;
  placeholder?: string;
  /** Quick amounts under the field: the text they put in and the label they show. */
  presets?: Array<{ value: string; label: string }>;
  presetsLabel?: string;
}

/**
 * A figure typed large in a rounded box, its unit beside it (a currency, "%"): the amount fields
 * and the console's percent fields line up in one row. Registered on the form as `name`.
 */
export function FigureInput({
  id,
  name,
  error,
  hint,
  inputMode,
  autoComplete,
  placeholder,
  suffix,
  suffixHidden = false,
}: {
  id: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  inputMode: 'decimal' | 'numeric';
  autoComplete: string;
  placeholder?: string;
  suffix: string;
  /** The unit is decoration only (the label says it already): hidden from screen readers. */
  suffixHidden?: boolean;
}) {
  const { register } = useFormContext();
  return (
    <div
      className={cn(
        'flex min-h-14 items-center gap-2 rounded-2xl bg-white px-4 ring-1 focus-within:ring-2 dark:bg-gray-900',
        error
          ? 'ring-red-600 dark:ring-red-400'
          : 'ring-gray-300 focus-within:ring-primary-600 dark:ring-gray-700 dark:focus-within:ring-primary-500',
      )}
    >
      <input
        id={id}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteIds(id, error, hint)}
        className="min-w-0 flex-1 bg-transparent text-2xl font-semibold text-gray-900 tabular-nums outline-none placeholder:text-gray-400 dark:text-gray-100 dark:placeholder:text-gray-600"
        {...register(name)}
      />
      <span aria-hidden={suffixHidden || undefined} className="text-sm font-semibold text-gray-600 dark:text-gray-400">
        {suffix}
      </span>
    </div>
  );
}

/**
 * An amount in major units as people type it ("12.50"), with its currency. The schema turns the
 * text into integer minor units (see moneyText in money-schema.ts).
 */
export function MoneyField({ name, label, currency, hint, placeholder, presets = [], presetsLabel }: MoneyFieldProps) {
  const { setValue, watch, formState } = useFormContext();
  const error = useFieldError(name);
  const current = String(watch(name) ?? '').trim();
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Field
        id={id}
        label={label}
        error={error}
        hint={hint}
        control={
          <FigureInput
            id={id}
            name={name}
            error={error}
            hint={hint}
            inputMode="decimal"
            autoComplete="transaction-amount"
            placeholder={placeholder}
            suffix={currency}
          />
        }
      />
      {presets.length > 0 && (
        <div role="group" aria-label={presetsLabel} className="flex flex-wrap gap-2">
          {presets.map((preset) => {
            const selected = preset.value === current;
            return (
              <button
                key={preset.value}
                type="button"
                aria-pressed={selected}
                onClick={() => setValue(name, preset.value, { shouldValidate: formState.isSubmitted, shouldDirty: true })}
                className={cn(
                  'min-h-11 rounded-full px-4 text-sm font-semibold tabular-nums ring-1 ring-inset',
                  selected
                    ? 'bg-primary-700 text-white ring-primary-700 dark:bg-primary-500 dark:text-gray-950 dark:ring-primary-500'
                    : 'bg-white text-gray-900 ring-gray-300 hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700',
                )}
              >
                {preset.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** The form-level server error (not a field's), e.g. a wrong password or a 429 with its wait. */
export function FormServerError() {
  const { formState } = useFormContext();
  return <FormAlert>{formState.errors.root?.server?.message}</FormAlert>;
}

/**
 * The primary button, full width at the bottom, disabled with a spinner while the form submits;
 * the form-level error shows right above it.
 */
export function SubmitButton({
  children,
  className,
  variant = 'primary',
  disabled,
  'aria-describedby': describedBy,
}: {
  children: ReactNode;
  className?: string;
  /** `danger` for what cannot be taken back lightly (freeze, reject, void, remove). */
  variant?: 'primary' | 'danger';
  /** Not now, for a reason said beside it (point at it with aria-describedby). */
  disabled?: boolean;
  'aria-describedby'?: string;
}) {
  const { formState } = useFormContext();
  return (
    <>
      <FormServerError />
      <Button
        type="submit"
        variant={variant}
        isBusy={formState.isSubmitting}
        disabled={disabled}
        aria-describedby={describedBy}
        className={cn('w-full', className)}
      >
        {children}
      </Button>
    </>
  );
}

/** Good news under a form (saved, sent); announced politely. */
export function FormNotice({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className="rounded-xl bg-primary-50 px-3 py-2 text-sm text-gray-900 dark:bg-primary-950 dark:text-gray-100">
      {children}
    </p>
  );
}
