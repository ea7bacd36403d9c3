import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Dialog } from 'radix-ui';
import { hostStepUp, stepUpPending, subscribeStepUp } from '../../lib/console-step-up';
import { cn } from './cn';
import type { ConfirmSheetProps } from './confirm-sheet-types';
import './sheet.css';

// Asked for only when a console money action needs the second factor again (lib/console-step-up.ts).
const StepUpForm = lazy(() => import('./step-up-form'));

/** The sheet itself (loaded on demand by ConfirmSheet). */
export default function ConfirmSheetView({
  open,
  onOpenChange,
  title,
  description,
  summary,
  size = 'default',
  children,
}: ConfirmSheetProps) {
  useEffect(() => hostStepUp(), []);
  const steppingUp = useSyncExternalStore(subscribeStepUp, stepUpPending);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="orchard-sheet-overlay" />
        <Dialog.Content
          className="orchard-sheet"
          style={size === 'wide' ? { ['--orchard-sheet-width' as string]: '32rem' } : undefined}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <span aria-hidden="true" className="orchard-sheet-handle" />
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {summary && summary.length > 0 && (
            <dl className="flex flex-col divide-y divide-gray-200 rounded-2xl bg-gray-50 px-4 dark:divide-gray-800 dark:bg-gray-950">
              {summary.map((line) => (
                <div key={line.label} className="flex items-baseline justify-between gap-4 py-3">
                  <dt className="text-sm text-gray-600 dark:text-gray-400">{line.label}</dt>
                  <dd
                    className={cn(
                      'text-right font-semibold tabular-nums text-gray-900 dark:text-gray-50',
                      line.emphasis ? 'text-xl' : 'text-sm',
                    )}
                  >
                    {line.value}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {description && (
            <Dialog.Description asChild>
              <div className="text-sm text-gray-700 dark:text-gray-300">{description}</div>
            </Dialog.Description>
          )}
          {steppingUp && (
            <Suspense fallback={null}>
              <StepUpForm />
            </Suspense>
          )}
          {/* Kept mounted while the code is asked for: the action waiting on it belongs to this form. */}
          <div className={steppingUp ? 'hidden' : 'contents'}>{children(() => onOpenChange(false))}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
