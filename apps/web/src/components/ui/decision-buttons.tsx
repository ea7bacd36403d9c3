import { useFormContext } from 'react-hook-form';
import { Button } from './button';
import { FormServerError } from './form';

/**
 * The foot of a console decision form (credit, reject, pay): the server's message above it, Back,
 * and the submit button, busy while the request runs.
 */
export function DecisionButtons({
  close,
  confirmLabel,
  backLabel,
  tone,
}: {
  close: () => void;
  confirmLabel: string;
  backLabel: string;
  tone: 'primary' | 'danger';
}) {
  const { formState } = useFormContext();
  return (
    <>
      <FormServerError />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={formState.isSubmitting} onClick={close}>
          {backLabel}
        </Button>
        <Button type="submit" variant={tone} isBusy={formState.isSubmitting}>
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}

/** The foot of a console editor (a plan, a coupon, a channel): the server's message above it, Save and Cancel. */
export function SaveCancelButtons({ saveLabel, cancelLabel, onCancel }: { saveLabel: string; cancelLabel: string; onCancel: () => void }) {
  const { formState } = useFormContext();
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <FormServerError />
      <div className="flex gap-2">
        <Button type="submit" isBusy={formState.isSubmitting}>
          {saveLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={formState.isSubmitting}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
