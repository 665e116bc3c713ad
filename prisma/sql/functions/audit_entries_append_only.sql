-- The audit trail is append-only for whoever connects, the application included: rows can be inserted and read,
-- never changed or removed. A trigger function (not only a REVOKE) so that it holds for the table's owner too, which
-- is the role the application connects as in every deployment we ship. Used by the triggers
-- audit_entries_no_update_or_delete and audit_entries_no_truncate.
CREATE OR REPLACE FUNCTION audit_entries_append_only()
  RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
