import { useQuery } from '@tanstack/react-query';
import { roleHasPermission, type ConsolePermission } from '@orchard/shared/console-roles';
import { meQueryOptions } from './session';

/**
 * What the signed-in person's console role may open (the shared permission matrix the API
 * enforces): the console shows only those links, and asks only for the figures it may read.
 */
export function useConsoleCan(): (permission: ConsolePermission) => boolean {
  const { data: me } = useQuery(meQueryOptions());
  return (permission) => roleHasPermission(me?.role, permission);
}
