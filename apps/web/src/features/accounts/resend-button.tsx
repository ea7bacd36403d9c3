import { Button } from '../../components/ui/button';
import { formatWait, useSecondsUntil } from './cooldown';
import { useAccountsMessages } from './messages';

/** "Send a new code", disabled with a visible timer while the 60 s cool-down runs. */
export function ResendButton({ until, label, isBusy, onResend }: { until?: string; label: string; isBusy: boolean; onResend: () => void }) {
  const { t } = useAccountsMessages();
  const left = useSecondsUntil(until);
  return (
    <div className="flex flex-col items-center gap-1.5">
      <Button variant="ghost" isBusy={isBusy} disabled={left > 0} onClick={onResend} className="w-full">
        {label}
      </Button>
      {left > 0 && (
        <p className="text-xs text-gray-600 tabular-nums dark:text-gray-400" role="timer" aria-live="off">
          {t('verify.resendIn', { time: formatWait(left) })}
        </p>
      )}
    </div>
  );
}
