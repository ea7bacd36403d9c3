import { cn } from '../../components/ui/cn';
import { useAccountsMessages } from './messages';
import { passwordStrength } from './strength';

const BAR = { empty: 0, weak: 1, fair: 2, good: 3, strong: 4 } as const;
const COLOUR = {
  empty: '',
  weak: 'bg-red-600',
  fair: 'bg-amber-500',
  good: 'bg-primary-600',
  strong: 'bg-primary-700 dark:bg-primary-500',
} as const;

/** Four bars and a word (never colour alone), with a tip until it is strong; announced politely as it changes. */
export function StrengthMeter({ id, password }: { id: string; password: string }) {
  const { t } = useAccountsMessages();
  const level = passwordStrength(password);
  return (
    <div id={id} className="flex flex-col gap-1.5" aria-live="polite">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={cn('h-1 rounded-full', bar <= BAR[level] ? COLOUR[level] : 'bg-gray-100 dark:bg-gray-800')} />
        ))}
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        {level === 'empty'
          ? t('strength.empty')
          : level === 'strong'
            ? t('strength.label', { level: t('strength.strong') })
            : t('strength.labelWithTip', { level: t(`strength.${level}`), tip: t(`strength.${level}Tip`) })}
      </p>
    </div>
  );
}
