-- The operator's money actions as one database call each (docs/decisions/0012, continued): a
-- balance adjustment, the credit of a recharge order and the settlement of a withdrawal each used
-- to be a transaction of five to ten statements from the server (BEGIN, lookups, the ledger
-- call, the row update, the audit row, COMMIT, and around it the generic idempotency record's
-- claim and store). Now each is one statement, so with the session read a request costs two round
-- trips. The rules are those of the code they replace; the refusals travel as SQLSTATE 'OR001'.
-- The functions (console_audit, ledger_adjust, recharge_credit, withdrawal_settle_audited) are
-- repeatable definitions beside their modules (docs/decisions/0024); what stays here is the column.

-- The operator's Idempotency-Key for crediting an order, kept on the order: a retried credit
-- finds its order credited under that key and gets it back instead of "already credited".
alter table recharge_orders add column credit_key text check (length(credit_key) between 1 and 200);

