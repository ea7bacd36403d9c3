import { useState } from 'react';
import { formFailure, hasErrors, type FieldErrors } from './form-errors';

/**
 * The state every account form shares: field errors, a form message, busy. `submit` shows the
 * client-side errors and stops, or runs the request and maps its failure onto the fields.
 */
export function useSubmit(fieldNames: readonly string[], fallback: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  const submit = async (clientErrors: FieldErrors, request: () => Promise<void>) => {
    setErrors(clientErrors);
    setMessage(undefined);
    if (hasErrors(clientErrors) || isBusy) return;
    setBusy(true);
    try {
      await request();
    } catch (error) {
      const failure = formFailure(error, fieldNames, fallback);
      setErrors(failure.fields);
      setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return { errors, message, isBusy, submit, setMessage };
}
