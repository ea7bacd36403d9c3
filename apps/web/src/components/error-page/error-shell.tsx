import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useEntranceClass } from '../layouts/animated-outlet';
import { LogoMark } from '../logo';
import { buttonClass } from '../ui/button';

/** Frame both error views share: big status, title, message, a way back. */
export function ErrorShell({
  status,
  title,
  message,
  hint,
  reference,
  children,
}: {
  status: number;
  title: string;
  message: ReactNode;
  hint: string;
  /** The failed request's trace id, said so a person can read it to support (selectable, monospace). */
  reference?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const entrance = useEntranceClass('page');
  return (
    <main
      id="main"
      className={`mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 py-16 text-center ${entrance}`}
    >
      <LogoMark className="size-10" />
      <p
        className="text-6xl font-bold tracking-tight text-primary-600 tabular-nums dark:text-primary-500"
        aria-label={t('error.status', { status })}
      >
        {status}
      </p>
      <h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-50">{title}</h1>
      <div className="break-words text-base text-gray-700 dark:text-gray-300">{message}</div>
      <p className="text-sm text-gray-600 dark:text-gray-400">{hint}</p>
      {reference && <p className="select-all break-all font-mono text-xs text-gray-600 dark:text-gray-400">{reference}</p>}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {children}
        {/* A full page load: after an error the app's state is not to be trusted. */}
        <a href="/home" className={buttonClass('primary')}>
          {t('error.goHome')}
        </a>
      </div>
    </main>
  );
}
