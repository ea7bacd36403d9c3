import { Dialog } from 'radix-ui';
import { cn } from '../../components/ui/cn';
import type { ConfirmDialogProps } from './ui';

/** The console's confirm dialog (laptop first; a sheet from the bottom on narrow windows). */
export default function ConfirmDialogView({ open, onOpenChange, title, description, children }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50" />
        <Dialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col gap-4 overflow-y-auto rounded-t-3xl bg-white p-6 text-gray-900 shadow-xl dark:bg-gray-900 dark:text-gray-100',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
          )}
        >
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
