import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { meQueryOptions } from '../../lib/session';

/**
 * For the pages of someone without a session (register, forgotten password): while the session is
 * read, nothing (null); a signed-in member goes home, as `/` does; `undefined` lets the page show.
 * Checked on the page, not in the route's beforeLoad, so the first load of `/` carries none of it.
 */
export function useHomeIfSignedIn(): ReactElement | null | undefined {
  const { data: me, isPending } = useQuery(meQueryOptions());
  if (isPending) return null;
  if (me) return <Navigate to="/home" replace />;
  return undefined;
}
