import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Me, SessionProbe } from '@orchard/shared';
import { apiFetch, forgetShellAnswers } from './api-client';
import { followAccountLanguage, languageAtSignIn } from './language';

/** The signed-in member (the shared contract; a type-only import costs no bytes). */
export type { Me };

export const meQueryKey = ['session', 'me'] as const;

/**
 * The signed-in member, or null when nobody is signed in. The probe answers 200 either way: a
 * visitor is not an error, and a 401 would be logged in red on every signed-out page.
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: async ({ signal }): Promise<Me | null> => {
      const { user } = await apiFetch<SessionProbe>('/session', { signal });
      // The member's chosen language is in place before their first page renders.
      await followAccountLanguage(user);
      return user;
    },
    staleTime: 60_000,
  });
}

/**
 * A new member is signed in (or nobody, with null): nothing cached for the previous one may
 * show, so the cache is emptied before the member is put in.
 */
export function setSignedIn(queryClient: QueryClient, me: Me | null) {
  if (me)
    languageAtSignIn(me, async (language) =>
      queryClient.setQueryData(meQueryKey, await apiFetch<Me>('/me', { method: 'PATCH', body: { language } })),
    );
  forgetShellAnswers();
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, me);
}
