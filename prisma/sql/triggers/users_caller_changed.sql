-- Every API forgets a caller it kept once their role, status, deletion, e-mail or uid changes (users_caller_changed).
CREATE OR REPLACE TRIGGER users_caller_changed AFTER UPDATE OF role, status, deleted_at, email, firebase_uid OR DELETE
  ON users FOR EACH ROW EXECUTE FUNCTION users_caller_changed();
