import { appConfig } from '../lib/config';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-primary-600 dark:fill-primary-500" />
      <path
        d="M16 7c-4.5 0-8 3.4-8 7.7 0 3.9 2.9 7.1 6.7 7.6V26h2.6v-3.7c3.8-.5 6.7-3.7 6.7-7.6C24 10.4 20.5 7 16 7Z"
        className="fill-white dark:fill-gray-950"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-gray-900 dark:text-gray-50">
      <LogoMark />
      {appConfig.appName}
    </span>
  );
}
