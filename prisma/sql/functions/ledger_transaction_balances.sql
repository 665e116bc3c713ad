-- Every ledger transaction adds up to zero and has entries (docs/ledger.md). Checked at commit (the trigger
-- ledger_entries_balanced is deferred), once per transaction touched, so a statement may write the entries in any order.
CREATE OR REPLACE FUNCTION ledger_transaction_balances()
  RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  total bigint;
  entries integer;
BEGIN
  SELECT coalesce(sum(amount_paise), 0), count(*) INTO total, entries
    FROM ledger_entries WHERE transaction_id = NEW.id;
  IF entries = 0 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: % entries adding up to % paise', NEW.id, entries, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
