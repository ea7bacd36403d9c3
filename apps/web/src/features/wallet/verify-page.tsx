import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { verifyStatement, type StatementCheck, type StatementProblem } from '@orchard/shared/books';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { inputClass } from '../../components/ui/field';
import { formatDateTime, formatMoney } from '../../lib/format';
import { booksKeysQueryOptions } from './api';
import { useWalletMessages } from './messages';

interface Outcome {
  check: StatementCheck;
  keyId: string;
  pinned: boolean;
  currency: string | undefined;
}

/** The parameters of a problem that are amounts or balances, in minor units. */
const MONEY_PARAMS = new Set(['amount', 'balance', 'balanceAfter', 'expected', 'lines', 'sealed', 'shown']);

/** Each problem's parameters, for its text: everything but its code, amounts as money in the statement's currency, times in the reader's locale. */
const paramsOf = (problem: StatementProblem, currency: string | undefined) => {
  const { code: _code, ...params } = problem;
  const shown: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params as Record<string, string | number>))
    shown[key] =
      currency && MONEY_PARAMS.has(key) && /^-?\d+$/.test(String(value))
        ? formatMoney(String(value), { currency })
        : key === 'createdAt' && !Number.isNaN(Date.parse(String(value)))
          ? formatDateTime(String(value))
          : value;
  return shown;
};

/** The statement's currency (its accounts'), when the file names a well-formed one. */
function currencyOf(doc: unknown): string | undefined {
  const accounts = (doc as { accounts?: { currency?: unknown }[] } | null)?.accounts;
  const currency = Array.isArray(accounts) ? accounts[0]?.currency : undefined;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
}

/**
 * /verify: checks a verifiable statement in the browser (packages/shared/src/books), offline too:
 * nothing is sent. Online, the statement must be signed with the key the operator publishes.
 */
export function VerifyPage() {
  const { t } = useWalletMessages();
  const keys = useQuery(booksKeysQueryOptions());
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | 'unreadable' | null>(null);
  const check = async () => {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      setOutcome('unreadable');
      return;
    }
    const published = keys.data?.keys.map((key) => key.publicKey);
    const result = await verifyStatement(doc, { trustedKeys: published?.length ? published : undefined });
    setOutcome({
      check: result,
      keyId: String((doc as { keyId?: unknown }).keyId ?? ''),
      pinned: Boolean(published?.length),
      currency: currencyOf(doc),
    });
  };
  return (
    <Page title={t('verify.title')}>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('verify.intro')}</p>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void check();
        }}
      >
        <label htmlFor="verify-file" className="text-sm font-medium">
          {t('verify.file')}
        </label>
        <input
          id="verify-file"
          type="file"
          accept="application/json,.json"
          className="file:border-primary-700 file:text-primary-700 dark:file:border-primary-400 dark:file:text-primary-400 text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:bg-transparent file:px-4 file:text-sm file:font-semibold"
          onChange={(event) => void event.target.files?.[0]?.text().then(setText)}
        />
        <label htmlFor="verify-text" className="text-sm font-medium">
          {t('verify.paste')}
        </label>
        <textarea
          id="verify-text"
          rows={6}
          className={`${inputClass} font-mono text-xs`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={text.trim() === ''}>
          {t('verify.check')}
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {outcome === 'unreadable' ? <p className="text-sm text-red-700 dark:text-red-400">{t('verify.unreadable')}</p> : null}
        {outcome && outcome !== 'unreadable' ? <VerifyOutcome outcome={outcome} /> : null}
      </div>
    </Page>
  );
}

function VerifyOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useWalletMessages();
  const { check } = outcome;
  return (
    <Card className={check.ok ? 'ring-green-300 dark:ring-green-900' : 'ring-red-300 dark:ring-red-900'}>
      <div className="flex items-center gap-2">
        {check.ok ? (
          <CheckCircle2 className="size-6 text-green-700 dark:text-green-400" aria-hidden="true" />
        ) : (
          <XCircle className="size-6 text-red-700 dark:text-red-400" aria-hidden="true" />
        )}
        <h2 className="text-base font-semibold">{check.ok ? t('verify.ok') : t('verify.bad')}</h2>
      </div>
      {check.ok ? (
        <p className="mt-2 text-sm">
          {t('verify.okDetail', {
            lines: t('verify.okLines', { count: check.lines }),
            seals: t('verify.okSeals', { count: check.seals }),
            keyId: outcome.keyId,
          })}{' '}
          {outcome.pinned ? t('verify.keyPublished') : t('verify.keyInFile', { keyId: outcome.keyId })}
        </p>
      ) : (
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
          {check.problems.map((problem, index) => (
            <li key={index}>{t(`verify.problem.${problem.code}`, paramsOf(problem, outcome.currency))}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
