import { Dialog } from 'radix-ui';
import type { ConfirmSheetProps } from './components';
import '../../components/ui/sheet.css';

/**
 * The confirm step of a money-moving action: a bottom sheet on phones, a centred dialog on
 * wider screens (radix Dialog: focus trap, Escape, labelled by its title).
 */
export default function ConfirmSheetDialog({ open, onOpenChange, title, description, children }: ConfirmSheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="orchard-sheet-overlay" />
        <Dialog.Content className="orchard-sheet">
          <span aria-hidden="true" className="orchard-sheet-handle" />
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="text-sm text-gray-700 dark:text-gray-300">{description}</div>
          </Dialog.Description>
          {children(() => onOpenChange(false))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
