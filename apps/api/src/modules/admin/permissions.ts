/**
 * What each console role may do: the one table the operator scope checks (SPEC.md "Roles").
 * Every operator route names one permission in its route config (`config: { permission }`).
 *
 * Today the only console role is `operator`, which holds every permission. The roles issue adds
 * `support` (members, sign-in links, outbox, content) and `finance` (recharges, withdrawals,
 * adjustments, ledger) as rows of this table; no route changes when it does.
 */
export const CONSOLE_PERMISSIONS = [
  /** Search and view members, their wallets and statements; freeze, unfreeze, change role. */
  'members',
  'sign_in_links',
  'outbox',
  'content',
  /** Review, credit and reject recharge orders. */
  'recharges',
  'withdrawals',
  'adjustments',
  'ledger',
  'payment_channels',
  'audit_log',
  /** Create and edit plans. */
  'plans',
  /** Create, edit, generate and export coupons; see their redemptions. */
  'coupons',
  /** See purchases and their commissions; refund them. */
  'purchases',
  /** Commission rates, cap, active-plan rule, holding period, refund window. */
  'referral_settings',
  /** The referral review queue: release or void commissions held for self-referral signals. */
  'referral_reviews',
] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

/** Roles that may enter the console; a `member` holds no console permission. */
export type ConsoleRole = 'operator';

const ROLE_PERMISSIONS: Record<ConsoleRole, ReadonlySet<ConsolePermission>> = {
  operator: new Set(CONSOLE_PERMISSIONS),
};

export function isConsoleRole(role: string): role is ConsoleRole {
  return Object.hasOwn(ROLE_PERMISSIONS, role);
}

export function isConsolePermission(value: unknown): value is ConsolePermission {
  return typeof value === 'string' && (CONSOLE_PERMISSIONS as readonly string[]).includes(value);
}

/** Whether someone with this role may use a route that needs this permission. */
export function roleHasPermission(role: string, permission: ConsolePermission): boolean {
  return isConsoleRole(role) && ROLE_PERMISSIONS[role].has(permission);
}
