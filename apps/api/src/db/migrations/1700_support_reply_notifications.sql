-- A support reply reaches the member's inbox (modules/support, docs/decisions/0037 and 0034): a
-- notification kind of its own, so the member can turn its email off like any other kind.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'recharge_credited', 'recharge_rejected', 'purchase', 'refund', 'commission_pending', 'commission_released',
  'commission_voided', 'withdrawal_processing', 'withdrawal_paid', 'withdrawal_returned', 'debt', 'announcement',
  'support_reply'));
-- The inbox reads newest first by time (ties by id).
drop index notifications_user_idx;
create index notifications_user_idx on notifications (user_id, created_at desc, id desc);
