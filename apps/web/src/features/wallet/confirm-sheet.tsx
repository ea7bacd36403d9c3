import { Dialog } from 'radix-ui';
import { cn } from '../../components/ui/cn';
import type { ConfirmSheetProps } from './components';
import './sheet.css';

/**
 * The confirm step of a money-moving action: a bottom sheet on phones, a centred dialog on
 * wider screens (radix Dialog: focus trap, Escape, labelled by its title).
 */
export default function ConfirmSheetDialog({ open, onOpenChange, title, description, children }: ConfirmSheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50 motion-safe:animate-[orchard-fade-in_150ms_ease-out]" />
        <Dialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col gap-4 overflow-y-auto rounded-t-3xl bg-white p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] text-gray-900 shadow-xl',
            'motion-safe:animate-[orchard-sheet-in_200ms_ease-out] dark:bg-gray-900 dark:text-gray-100',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:motion-safe:animate-[orchard-fade-in_150ms_ease-out]',
          )}
        >
          <span aria-hidden="true" className="mx-auto h-1 w-10 rounded-full bg-gray-300 sm:hidden dark:bg-gray-700" />
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
