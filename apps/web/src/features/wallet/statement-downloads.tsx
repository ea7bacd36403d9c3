import { Link } from '@tanstack/react-router';
import { Download, ShieldCheck } from 'lucide-react';
import { appConfig } from '../../lib/config';
import { entriesExportHref, verifiableStatementHref, type StatementFilters } from './api';
import { useWalletMessages } from './messages';

const linkClass =
  'text-primary-700 dark:text-primary-400 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold hover:underline';

/** Under the statement: every entry for an accountant, and the verifiable statement anyone can check (docs/decisions/0028). */
export function StatementDownloads({ filters }: { filters: StatementFilters }) {
  const { t } = useWalletMessages();
  return (
    <div className="flex flex-col items-center gap-3 text-center text-xs text-gray-600 dark:text-gray-400">
      <p className="flex flex-col items-center gap-1">
        <a href={entriesExportHref(appConfig.apiBaseUrl, filters)} download className={linkClass}>
          <Download className="size-4" aria-hidden="true" />
          {t('statement.exportEntries')}
        </a>
        {t('statement.exportEntriesHint')}
      </p>
      <p className="flex flex-col items-center gap-1">
        <a href={verifiableStatementHref(appConfig.apiBaseUrl, filters)} download className={linkClass}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('statement.verifiable')}
        </a>
        <span>
          {t('statement.verifiableHint')}{' '}
          <Link to="/verify" className="text-primary-700 dark:text-primary-400 font-semibold underline">
            {t('statement.verifyLink')}
          </Link>
        </span>
      </p>
    </div>
  );
}
