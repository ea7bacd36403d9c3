-- Console roles (issue 14, docs/product.md "Roles"): besides the operator (everything), support (members,
-- sign-in links, outbox, content) and finance (recharges, withdrawals, adjustments, ledger). What
-- each may do is the permission matrix in @orchard/shared (console-roles.ts), which the operator
-- scope checks on every console request.
alter table users drop constraint users_role_check;
alter table users add constraint users_role_check check (role in ('member', 'operator', 'support', 'finance'));
