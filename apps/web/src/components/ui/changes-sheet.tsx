import { ConfirmActions, ConfirmSheet } from './confirm-sheet';

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
        // Each side kept whole: a narrow sheet breaks at the arrow, never inside "$10,000.00".
        value: (
          <>
            <span className="whitespace-nowrap">{change.before}</span> → <span className="whitespace-nowrap">{change.after}</span>
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
