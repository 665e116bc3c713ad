-- No row of the ledger is changed or removed (ledger_append_only).
CREATE OR REPLACE TRIGGER ledger_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
