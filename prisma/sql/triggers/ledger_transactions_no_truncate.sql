-- Nor is the ledger emptied (ledger_append_only).
CREATE OR REPLACE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
