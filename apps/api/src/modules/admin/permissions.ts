/**
 * What each console role may do: the matrix lives in @orchard/shared (console-roles.ts), one table
 * for the operator scope here and the console's navigation. Every operator route names one
 * permission in its route config (`config: { permission }`).
 */
export {
  CONSOLE_PERMISSIONS,
  CONSOLE_ROLES,
  isConsolePermission,
  isConsoleRole,
  ROLE_PERMISSIONS,
  roleHasPermission,
  type ConsolePermission,
  type ConsoleRole,
} from '@orchard/shared';
