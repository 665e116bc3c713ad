-- Each ledger transaction balances when its database transaction commits (ledger_transaction_balances). A constraint
-- trigger has no CREATE OR REPLACE, so the definition drops and creates it, both in the one transaction it applies in.
DROP TRIGGER IF EXISTS ledger_transactions_balanced ON ledger_transactions;
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
