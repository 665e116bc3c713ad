-- Tells every API that who a caller is changed (docs/security.md, "Who the caller is"): a NOTIFY on the channel
-- caller_changed with the user's Firebase uid, sent at commit, whatever made the change (a route, the seed, an
-- operator's psql). The function of the trigger users_caller_changed, which fires only for the columns the access
-- guard reads.
CREATE OR REPLACE FUNCTION users_caller_changed()
  RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('caller_changed', OLD.firebase_uid);
  ELSIF (OLD.role, OLD.status, OLD.deleted_at, OLD.email, OLD.firebase_uid)
        IS DISTINCT FROM (NEW.role, NEW.status, NEW.deleted_at, NEW.email, NEW.firebase_uid) THEN
    PERFORM pg_notify('caller_changed', OLD.firebase_uid);
    IF NEW.firebase_uid IS DISTINCT FROM OLD.firebase_uid THEN
      PERFORM pg_notify('caller_changed', NEW.firebase_uid);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
