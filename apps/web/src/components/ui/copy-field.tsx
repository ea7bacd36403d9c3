import { Copy } from 'lucide-react';
import { useUiMessages } from './messages';
import { Button } from './button';
import { cn } from './cn';
import { toast } from './toast';

/** One value a member may need to type elsewhere: read-only (easy to select) with its own copy button. */
export function CopyField({ id, label, value, hint, large }: { id: string; label: string; value: string; hint?: string; large?: boolean }) {
  const { t } = useUiMessages();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col">
          <label htmlFor={id} className="text-sm text-gray-600 dark:text-gray-400">
            {label}
          </label>
          <input
            id={id}
            readOnly
            value={value}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onFocus={(event) => event.currentTarget.select()}
            // A value longer than the field ends in "…" (not cut mid-character); focused, it scrolls and selects whole.
            className={cn(
              'w-full min-w-0 bg-transparent text-ellipsis text-gray-900 dark:text-gray-50',
              large ? 'font-mono text-2xl font-bold tracking-widest' : 'text-sm font-medium sm:text-base',
            )}
          />
        </div>
        <Button
          variant="secondary"
          className="shrink-0"
          aria-label={t('copy.label', { label })}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              toast(t('copy.copied', { label }));
            } catch {
              toast(t('copy.failed'), 'error');
            }
          }}
        >
          <Copy className="size-4" aria-hidden="true" />
          {/* Every copy button says so in words, the short ones as the long ones. */}
          {t('copy.copy')}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
