import { lazy, Suspense } from 'react';
import type { ConfirmSheetProps } from './confirm-sheet-types';
import { Button } from './button';

export type { ConfirmSheetProps } from './confirm-sheet-types';

// radix Dialog loads with the first sheet a page opens, not with the page or the first load.
const LazySheet = lazy(() => import('./confirm-sheet-view'));

/** Warms the sheet's code while the person fills in the form. */
export function preloadConfirmSheet() {
  void import('./confirm-sheet-view');
}

/**
 * The confirm step of a money-moving or destructive action, for members and operators alike: a
 * bottom sheet on phones, a centred dialog from 640 px (radix Dialog: focus trap, Escape,
 * labelled by its title, described by its text).
 */
export function ConfirmSheet(props: ConfirmSheetProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazySheet {...props} />
    </Suspense>
  );
}

/** The usual pair of buttons: do it (busy while it runs), or go back. */
export function ConfirmActions({
  confirmLabel,
  cancelLabel,
  onConfirm,
  close,
  isBusy = false,
  tone = 'primary',
}: {
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  close: () => void;
  isBusy?: boolean;
  tone?: 'primary' | 'danger';
}) {
  return (
    <div className="flex flex-col gap-2">
      <Button variant={tone} className="w-full" isBusy={isBusy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button variant="ghost" className="w-full" disabled={isBusy} onClick={close}>
        {cancelLabel}
      </Button>
    </div>
  );
}
