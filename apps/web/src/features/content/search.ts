import type { HelpCategory } from '@orchard/shared';

// The search params of /help-center. The route validates with this parser, so it runs in the
// first bundle: no zod, types only from the shared contracts.

/** The help topics in the order the page lists them (the contract's enum, checked by the type). */
export const HELP_TOPICS = [
  'getting_started',
  'wallet',
  'plans',
  'team',
  'withdrawals',
  'account',
] as const satisfies readonly HelpCategory[];

export interface HelpCenterSearch {
  q?: string;
  category?: HelpCategory;
}

export const parseHelpCenterSearch = (search: Record<string, unknown>): HelpCenterSearch => ({
  ...(typeof search.q === 'string' && search.q.trim() ? { q: search.q.trim().slice(0, 100) } : {}),
  ...(typeof search.category === 'string' && (HELP_TOPICS as readonly string[]).includes(search.category)
    ? { category: search.category as HelpCategory }
    : {}),
});
