import type { HelpCategory } from '@orchard/shared';

// The search params of /help-center. The route validates with this parser, so it runs in the
// first bundle: no zod, types only from the shared contracts.

export interface HelpCenterSearch {
  q?: string;
  category?: HelpCategory;
}

export const parseHelpCenterSearch = (search: Record<string, unknown>): HelpCenterSearch => ({
  ...(typeof search.q === 'string' && search.q.trim() ? { q: search.q.trim().slice(0, 100) } : {}),
  // The shape only (the first bundle carries no list); the API answers a category it does not know with a 400.
  ...(typeof search.category === 'string' && /^[a-z_]{1,20}$/.test(search.category) ? { category: search.category as HelpCategory } : {}),
});
