import { useTranslation } from '@/lib/i18n';
import { en } from '../locales/en';
import { Page } from './page';
import { EmptyState } from './ui/empty-state';

export type PlaceholderKey = keyof typeof en.pages;

/** A page whose content arrives with a later feature: its title and an honest empty state. */
export function PlaceholderPage({ page, backTo }: { page: PlaceholderKey; backTo?: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`pages.${page}.title`)} backTo={backTo}>
      <EmptyState title={t('emptyState.comingSoon')} body={t(`pages.${page}.body`)} />
    </Page>
  );
}
