-- The admin order list's search (apps/api/src/admin/admin-orders.repository.ts): an order by its delivery pincode,
-- by part of its delivery name, or by part of its buyer's username or e-mail. Each branch of the search reads one of
-- these indexes, so a search stays fast however many orders there are.

-- CreateIndex
CREATE INDEX "orders_address_pincode_idx" ON "orders"("address_pincode");

-- CreateIndex
CREATE INDEX "orders_address_name_trgm_idx" ON "orders" USING GIN ("address_name" gin_trgm_ops);

-- Not in schema.prisma, which cannot say it: username and email are citext, which has no trigram operator class,
-- so their trigram indexes are on the text of the column. Search them with username::text ILIKE '%...%'.
CREATE INDEX "users_username_trgm_idx" ON "users" USING GIN (("username"::text) gin_trgm_ops);
CREATE INDEX "users_email_trgm_idx" ON "users" USING GIN (("email"::text) gin_trgm_ops);
