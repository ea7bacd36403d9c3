import { queryOptions } from '@tanstack/react-query';
import type { EarningsDisclosure, HelpCategory, HelpCenter, HomeContent, LegalPages, Promotion, PromotionList } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { activeLocale } from '../../lib/i18n';

/** Content members read (operationIds in comments). Loaders import this file: types only, no zod. */
export type { HelpCategory, HelpCenter, HomeContent, Promotion };

/**
 * The operator writes each text in every language (docs/decisions/0024) and the API answers in the
 * app's: each key ends with the language, so another language is another read.
 */
const contentKeys = {
  home: () => ['content', 'home', activeLocale()] as const,
  promotions: () => ['content', 'promotions', activeLocale()] as const,
  help: (q: string, category: string) => ['content', 'help', q, category, activeLocale()] as const,
  legal: () => ['content', 'legal', activeLocale()] as const,
};

/** getHomeContent: the marquee's announcements and the featured promotion. */
export const homeContentQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.home(),
    queryFn: ({ signal }) => apiFetch<HomeContent>('/content/home', { signal }),
    staleTime: 60_000,
  });

/** listPromotions */
export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.promotions(),
    queryFn: ({ signal }) => apiFetch<PromotionList>('/promotions', { signal }),
    staleTime: 60_000,
  });

/** getHelpCenter: every article by category, or a search's best matches. */
export const helpCenterQueryOptions = (q = '', category = '') =>
  queryOptions({
    queryKey: contentKeys.help(q, category),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams();
      if (q) search.set('q', q);
      if (category) search.set('category', category);
      const text = search.toString();
      return apiFetch<HelpCenter>(`/help-center${text ? `?${text}` : ''}`, { signal });
    },
    staleTime: 60_000,
  });

/** getLegalPages */
export const legalPagesQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.legal(),
    queryFn: ({ signal }) => apiFetch<LegalPages>('/legal', { signal }),
    staleTime: 5 * 60_000,
  });

/** getEarningsDisclosure: the newest published earnings disclosure (docs/decisions/0031). */
export const earningsDisclosureQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'earnings-disclosure'] as const,
    queryFn: ({ signal }) => apiFetch<EarningsDisclosure>('/earnings-disclosure', { signal }),
    staleTime: 5 * 60_000,
  });
