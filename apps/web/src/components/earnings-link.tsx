import { Link } from '@tanstack/react-router';
import { ChartColumnStacked } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { cn } from './ui/cn';

/** The way to /earnings (docs/decisions/0031), from /about, /help, the registration form and /team/share. */
export function EarningsLink({ className, newTab = false }: { className?: string; newTab?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/earnings"
      {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
      className={cn(
        'text-primary-700 dark:text-primary-400 inline-flex min-h-11 items-center gap-2 text-sm font-semibold underline-offset-4 hover:underline',
        className,
      )}
    >
      <ChartColumnStacked className="size-4 shrink-0" aria-hidden="true" />
      {t('app.earnings')}
    </Link>
  );
}
