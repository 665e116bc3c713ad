-- The ledger is append-only for whoever connects, as the audit trail is: a transaction and its entries are inserted
-- and read, never changed or removed; a mistake is mended by a transaction of its own (docs/ledger.md). Used by the
-- triggers ledger_transactions_no_update_or_delete, ledger_entries_no_update_or_delete and their no_truncate pair.
CREATE OR REPLACE FUNCTION ledger_append_only()
  RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
