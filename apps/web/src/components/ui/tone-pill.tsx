import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

/** How a status reads: waiting, done well, failed, or settled without money moving. */
export type Tone = 'pending' | 'success' | 'failure' | 'neutral';

const TONE_CLASSES: Record<Tone, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900',
  success: 'bg-green-50 text-green-800 ring-green-200 dark:bg-green-950 dark:text-green-300 dark:ring-green-900',
  failure: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-300 dark:ring-red-900',
  neutral: 'bg-gray-100 text-gray-700 ring-gray-200 dark:bg-gray-800 dark:text-gray-300 dark:ring-gray-700',
};

/** A status: icon + word + colour, never colour alone. */
export function TonePill({
  tone,
  icon: Icon,
  label,
  status,
  className,
}: {
  tone: Tone;
  icon: LucideIcon;
  label: string;
  status: string;
  className?: string;
}) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONE_CLASSES[tone],
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
