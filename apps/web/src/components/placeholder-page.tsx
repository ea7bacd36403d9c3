import { useTranslation } from '@/lib/i18n';
import { Page } from './page';
import { usePlaceholderMessages, type PlaceholderKey } from './placeholder-messages';
import { EmptyState } from './ui/empty-state';

export type { PlaceholderKey };

/** A page whose content arrives with a later feature: its title and an honest empty state. */
export function PlaceholderPage({ page, backTo }: { page: PlaceholderKey; backTo?: string }) {
  const { t } = useTranslation();
  const { t: tp } = usePlaceholderMessages();
  return (
    <Page title={tp(`${page}.title`)} backTo={backTo}>
      <EmptyState title={t('emptyState.comingSoon')} body={tp(`${page}.body`)} />
    </Page>
  );
}
