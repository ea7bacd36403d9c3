import { Fragment } from 'react';
import { ConfirmActions, ConfirmSheet } from './confirm-sheet';

/** One side of a change kept whole (a narrow sheet never breaks inside "$10,000.00"); a list ("$10.00, $50.00") breaks after its commas. */
function Side({ text }: { text: string }) {
  return text.split(', ').map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? ', ' : null}
      <span className="whitespace-nowrap">{part}</span>
    </Fragment>
  ));
}

/** One setting a save would change, in words: "Minimum withdrawal", "$10.00", "$15.00". */
export interface SettingChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * The confirm step of a console settings form: each changed setting restated before → after, in
 * words and in the currency or percent, before the save. Open while `changes` is not empty.
 */
export function ChangesSheet({
  changes,
  title,
  description,
  confirmLabel,
  cancelLabel,
  isBusy,
  onCancel,
  onConfirm,
}: {
  changes: SettingChange[];
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmSheet
      size="wide"
      open={changes.length > 0}
      onOpenChange={(open) => !open && !isBusy && onCancel()}
      title={title}
      description={description}
      summary={changes.map((change) => ({
        label: change.label,
        value: (
          <>
            <Side text={change.before} /> → <Side text={change.after} />
          </>
        ),
      }))}
    >
      {(close) => (
        <ConfirmActions confirmLabel={confirmLabel} cancelLabel={cancelLabel} onConfirm={onConfirm} close={close} isBusy={isBusy} />
      )}
    </ConfirmSheet>
  );
}
