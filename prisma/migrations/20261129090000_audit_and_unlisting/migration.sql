-- Issue 17: an admin can unlist a product (with a reason the seller is told), and a suspended seller's products leave
-- the shop until the account is active again (seller_suspended, kept by the statement that flips the account).
-- The audit trail: every admin action, written in the statement that makes the change.
-- AlterTable
ALTER TABLE "products" ADD COLUMN     "seller_suspended" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "unlisted_at" TIMESTAMPTZ(3),
ADD COLUMN     "unlisted_reason" VARCHAR(500);

-- CreateTable
CREATE TABLE "audit_entries" (
    "id" BIGSERIAL NOT NULL,
    "admin_id" INTEGER NOT NULL,
    "action" VARCHAR(64) NOT NULL,
    "object_type" VARCHAR(32) NOT NULL,
    "object_id" VARCHAR(64) NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_entries_created_at_id_idx" ON "audit_entries"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_entries_object_type_object_id_id_idx" ON "audit_entries"("object_type", "object_id", "id");

-- CreateIndex
CREATE INDEX "audit_entries_admin_id_id_idx" ON "audit_entries"("admin_id", "id" DESC);

-- CreateIndex
CREATE INDEX "audit_entries_action_id_idx" ON "audit_entries"("action", "id" DESC);

-- AddForeignKey
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- The audit trail is append-only for whoever connects, the application included: rows can be inserted and read,
-- never changed or removed. A trigger (not only a REVOKE) so that it holds for the table's owner too, which is the
-- role the application connects as in every deployment we ship.
CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only();
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_entries" FROM PUBLIC;
