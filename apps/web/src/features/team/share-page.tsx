import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Share2, Users } from 'lucide-react';
import { EarningsLink } from '../../components/earnings-link';
import { Page } from '../../components/page';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { appConfig } from '../../lib/config';
import { CopyField } from '../../components/ui/copy-field';
import { Skeleton } from '../../components/ui/skeletons';
import { teamSummaryQueryOptions } from './api';
import { useTeamMessages } from './messages';
import { QrCode } from './qr-code';
import { QueryLoadError } from '../../components/ui/load-error';

const percent = (bp: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);

/**
 * /team/share: my invite code and link, its QR code, copy and the phone's share sheet. The page
 * follows the theme; only the QR code's card stays white in dark mode, so it scans reliably.
 */
export function SharePage() {
  const { t } = useTeamMessages();
  const summary = useQuery(teamSummaryQueryOptions());
  const data = summary.data;
  const link = data ? `${window.location.origin}${data.invitePath}` : '';

  const share = async () => {
    const payload = {
      title: t('share.shareTitle', { app: appConfig.appName }),
      text: t('share.shareText', { code: data!.inviteCode }),
      url: link,
    };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(payload))) {
      try {
        await navigator.share(payload);
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      toast(t('share.copied'));
    } catch {
      toast(t('share.copyFailed'), 'error');
    }
  };

  return (
    <Page title={t('share.title')} backTo="/team/list">
      {data ? (
        <>
          <p className="text-gray-700 dark:text-gray-300">{t('share.intro')}</p>
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            {/* White in both themes (not the Card, which darkens): dark modules on white is what scanners read. */}
            <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-5 ring-1 ring-gray-200 md:self-start dark:ring-gray-700">
              <QrCode value={link} label={t('share.qr')} className="aspect-square w-full max-w-64" />
              <p className="text-center text-sm text-gray-600">{t('share.qrHint')}</p>
            </div>
            <div className="flex flex-col gap-4">
              <Card className="flex flex-col gap-4 p-4">
                <CopyField id="invite-code" label={t('share.code')} value={data.inviteCode} large />
                <CopyField id="invite-link" label={t('share.link')} value={link} />
                <Button className="w-full" onClick={() => void share()}>
                  <Share2 className="size-4" aria-hidden="true" />
                  {t('share.share')}
                </Button>
              </Card>
              <RatesCard ratesBp={data.ratesBp} />
              <EarningsLink />
              <Link to="/team/list" className={buttonClass('secondary')}>
                <Users className="size-4" aria-hidden="true" />
                {t('share.seeTeam')}
              </Link>
            </div>
          </div>
        </>
      ) : summary.isError ? (
        <QueryLoadError query={summary} fallback={t('share.failed')} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2" aria-hidden="true">
          <Skeleton className="aspect-square w-full max-w-64 justify-self-center" />
          <Skeleton className="h-48" />
        </div>
      )}
    </Page>
  );
}

/** What I earn from each level of my team: one line per level, with the note beneath. */
function RatesCard({ ratesBp }: { ratesBp: readonly number[] }) {
  const { t, locale } = useTeamMessages();
  return (
    <Card className="flex flex-col gap-2 p-4">
      <h2 className="font-semibold text-gray-900 dark:text-gray-50">{t('share.rates')}</h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('share.ratesBody')}</p>
      <ul className="flex flex-col gap-1 text-sm text-gray-900 dark:text-gray-100">
        {ratesBp.map((bp, index) => (
          <li key={index} className="tabular-nums">
            {t('share.rateLine', { level: index + 1, rate: percent(bp, locale) })}
          </li>
        ))}
      </ul>
      <p className="text-xs text-gray-600 dark:text-gray-400">{t('share.ratesNote')}</p>
    </Card>
  );
}
