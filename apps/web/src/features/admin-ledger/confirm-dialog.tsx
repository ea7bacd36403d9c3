import { Dialog } from 'radix-ui';
import type { ConfirmDialogProps } from './ui';
import '../../components/ui/sheet.css';

/** The console's confirm dialog (laptop first; a sheet from the bottom on narrow windows). */
export default function ConfirmDialogView({ open, onOpenChange, title, description, children }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="orchard-sheet-overlay" />
        <Dialog.Content className="orchard-sheet" style={{ ['--orchard-sheet-width' as string]: '32rem' }}>
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
