import { useId, type ComponentProps, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field, inputClass, noteIds } from './field';
import { FigureInput, useFieldError } from './form';

/*
 * The other controls the console's forms need, on the form kit (form.tsx): registered with
 * react-hook-form, framed by Field (label, error, hint), aria-invalid and
 * aria-describedby set the same way as TextField.
 */

interface RegisteredProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
}

/** A registered control's id, error and the attributes it needs (aria and react-hook-form's). */
function useControl(name: string, hint?: ReactNode) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  const control = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': noteIds(id, error, hint), ...register(name) };
  return { id, error, control };
}

/** Several lines of text (e.g. a channel's payment instructions). */
export function TextAreaField({ name, label, hint, ...props }: RegisteredProps & Omit<ComponentProps<'textarea'>, 'name' | 'id'>) {
  const { id, error, control } = useControl(name, hint);
  const textarea = <textarea rows={3} className={`${inputClass} py-2`} {...props} {...control} />;
  return <Field id={id} label={label} error={error} hint={hint} control={textarea} />;
}

/**
 * A percentage typed as a figure with "%" beside it, drawn like the kit's MoneyField so a percent
 * and amounts line up in one row. `whole` takes whole numbers only (a numeric keypad); where the
 * label already says "percent", `suffixHidden` keeps screen readers from hearing it twice.
 */
export function PercentField({
  name,
  label,
  hint,
  whole = false,
  suffixHidden = false,
}: RegisteredProps & { whole?: boolean; suffixHidden?: boolean }) {
  const error = useFieldError(name);
  const id = useId();
  const inputMode = whole ? 'numeric' : 'decimal';
  const input = (
    <FigureInput
      id={id}
      name={name}
      error={error}
      hint={hint}
      inputMode={inputMode}
      autoComplete="off"
      suffix="%"
      suffixHidden={suffixHidden}
    />
  );
  return <Field id={id} label={label} error={error} hint={hint} control={input} />;
}

/** One of a short list, as a native select. */
export function SelectField({ name, label, hint, options }: RegisteredProps & { options: Array<{ value: string; label: string }> }) {
  const { id, error, control } = useControl(name, hint);
  const select = (
    <select className={inputClass} {...control}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return <Field id={id} label={label} error={error} hint={hint} control={select} />;
}

/** One of two or three choices that each deserve a line (radio buttons in a fieldset). */
export function ChoiceField({ name, label, options }: { name: string; label: string; options: Array<{ value: string; label: string }> }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-900 dark:text-gray-100">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex min-h-11 items-center gap-3 rounded-xl px-3 ring-1 ring-gray-200 dark:ring-gray-800">
          <input type="radio" value={option.value} className="size-4 accent-primary-600" {...register(name)} />
          <span className="text-sm">{option.label}</span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A yes/no setting, the label beside the box. */
export function CheckboxField({ name, label }: { name: string; label: ReactNode }) {
  const { register } = useFormContext();
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm">
      <input type="checkbox" className="size-4 accent-primary-600" {...register(name)} />
      {label}
    </label>
  );
}
