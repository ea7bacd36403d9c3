import type { ReactNode } from 'react';

/** Shared by the sheet's lazy loader and its view, so neither imports the other. */
interface ConfirmSummaryLine {
  label: string;
  value: ReactNode;
  /** The line that says what happens (the result), shown larger. */
  emphasis?: boolean;
}

export interface ConfirmSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** What the action moves, restated before it happens: amount, fee, result. */
  summary?: ConfirmSummaryLine[];
  /** Console dialogs hold a form (reason, note) and get a wider dialog on desktop. */
  size?: 'default' | 'wide';
  /** The sheet's body and buttons; `close` closes it (a "Back"/"Keep" button). */
  children: (close: () => void) => ReactNode;
}
