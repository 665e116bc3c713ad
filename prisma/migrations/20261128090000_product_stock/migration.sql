-- Issue 16: stock. A product's packs left (null: unlimited, as every product was before). Checkout takes from it in
-- the statement that writes the order and a cancellation gives it back; the CHECK is the last line against overselling.
ALTER TABLE "products" ADD COLUMN "stock" INTEGER;
ALTER TABLE "products" ADD CONSTRAINT "products_stock_not_negative" CHECK ("stock" IS NULL OR "stock" >= 0);

-- A seller's dashboard reads the orders with their products newest first; this replaces the index on seller_id alone.
DROP INDEX "order_items_seller_id_idx";
CREATE INDEX "order_items_seller_id_order_id_idx" ON "order_items"("seller_id", "order_id" DESC);
