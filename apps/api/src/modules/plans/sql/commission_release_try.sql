-- Releases one due commission, or records why it could not be released, in the caller's
-- transaction; the release job calls it once per commission, one statement each, so every
-- commission is released or refused on its own and one that cannot be released never holds up
-- another (modules/plans/commissions.ts). Returns what happened:
--   'released'  the commission is available (commission_release);
--   'failed'    the release was refused or failed: nothing of it was written (the block below is a
--               subtransaction, rolled back on its own), the reason and the next attempt are on the
--               row (commission_release_failed), and the function returns normally so the record stays;
--   'skipped'   not pending, not due (yet, or not again until its next attempt), or another runner
--               has it right now (SKIP LOCKED).
-- A serialization failure or a deadlock is not a property of the commission: it is raised, and the
-- caller runs the call again (withRetries).
--
-- Locks (apps/api/src/ledger/README.md): the commission, then the beneficiary's pending, available
-- and debt accounts in ascending id order, waiting for them while holding nothing else; so the
-- release inside finds them taken and never skips them.
--
-- Called by modules/plans/commissions.ts (the release job), through modules/plans/repository.ts,
-- and by commission_release_due.
create or replace function commission_release_try(
  p_commission uuid, p_at timestamptz,
  out outcome text, out release_error text, out release_failures integer, out next_attempt_at timestamptz
)
language plpgsql as $$
declare
  -- The time of this call: the database clock (ledger_now.sql); the app clock only in a test session.
  v_at timestamptz := ledger_now(p_at);
  v_commission record;
  v_accounts record;
  v_failed commissions;
  v_state text;
  v_message text;
  v_constraint text;
begin
  select c.id, c.beneficiary_id, p.currency into v_commission
    from commissions c join purchases p on p.id = c.purchase_id
   where c.id = p_commission and c.status = 'pending' and coalesce(c.next_release_attempt_at, c.release_at) <= v_at
     for update of c skip locked;
  if not found then
    outcome := 'skipped';
    return;
  end if;
  select * into v_accounts from ledger_member_accounts(v_commission.beneficiary_id, v_commission.currency);
  perform 1 from ledger_accounts
   where id in (v_accounts.commission_pending, v_accounts.available, v_accounts.debt)
   order by id for no key update;
  begin
    perform commission_release(p_commission, v_at, null, null);
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    if v_state in ('40001', '40P01', '55P03') then
      raise;
    end if;
    v_failed := commission_release_failed(p_commission, v_at,
      case
        when v_state = 'OR001' then v_message
        when v_state = '23514' and v_constraint in ('ledger_accounts_member_balance_max', 'ledger_entries_balance_after_max') then 'BALANCE_LIMIT'
        when v_state = '23514' and v_constraint = 'ledger_entries_amount_max' then 'AMOUNT_TOO_LARGE'
        else v_state || ': ' || v_message
      end);
    outcome := 'failed';
    release_error := v_failed.release_error;
    release_failures := v_failed.release_failures;
    next_attempt_at := v_failed.next_release_attempt_at;
    return;
  end;
  outcome := case when exists (select 1 from commissions where id = p_commission and status = 'available') then 'released' else 'skipped' end;
end;
$$;
