/**
 * Who may do what in the operator console (docs/product.md "Roles"): the one permission matrix, read by
 * the API's operator scope (every console route names one permission) and by the console's
 * navigation (which shows only what the role may open).
 */
export const CONSOLE_PERMISSIONS = [
  /** Search and view members: details, wallet, statement, referral tree. */
  'members',
  /** Freeze and unfreeze members. */
  'member_status',
  /** Give or take a console role (member, operator, support, finance). */
  'roles',
  'sign_in_links',
  'outbox',
  /** Promotions, announcements, help articles and the about pages. */
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
  /** Maintenance mode: stop every money movement for an upgrade (operators). */
  'maintenance',
  /** Import bank statements, decide the reconciliation queue, read the day's reconciliation. */
  'reconciliation',
  /** See requests for a second person's approval and approve or reject them (never one's own). */
  'approvals',
  /** The approval threshold and how long a request waits (operators). */
  'approval_settings',
  /** The support queue: read members' tickets, reply, close them. */
  'support_tickets',
] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

export const CONSOLE_ROLES = ['operator', 'support', 'finance'] as const;
/** Roles that may enter the console; a `member` holds no console permission. */
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export const ROLE_PERMISSIONS: Readonly<Record<ConsoleRole, readonly ConsolePermission[]>> = {
  /** Everything. */
  operator: CONSOLE_PERMISSIONS,
  /** Members, sign-in links, outbox, content, the support queue. */
  support: ['members', 'member_status', 'sign_in_links', 'outbox', 'content', 'support_tickets'],
  /** Recharges, withdrawals, adjustments, ledger, reconciliation, approvals (and the member views those need). */
  finance: ['members', 'recharges', 'withdrawals', 'adjustments', 'ledger', 'reconciliation', 'approvals'],
};

export function isConsoleRole(role: unknown): role is ConsoleRole {
  return typeof role === 'string' && (CONSOLE_ROLES as readonly string[]).includes(role);
}

export function isConsolePermission(value: unknown): value is ConsolePermission {
  return typeof value === 'string' && (CONSOLE_PERMISSIONS as readonly string[]).includes(value);
}

/** Whether someone with this role may use a console route that needs this permission. */
export function roleHasPermission(role: unknown, permission: ConsolePermission): boolean {
  return isConsoleRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}
