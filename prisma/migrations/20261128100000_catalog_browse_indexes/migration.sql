-- Issue 16: browsing the listing by category, price, stock and freshness, sorted newest first or by price. Each index
-- serves a sort (docs/catalog.md, "Browsing"), measured at a million products with bench:catalog. Stock and freshness
-- get none: most products pass them, so the sort's index with a filter finds a page within a few rows.

-- Price low to high (read forwards) and high to low (backwards), and price ranges.
CREATE INDEX "products_price_paise_id_idx" ON "products"("price_paise", "id");

-- A category newest first: a rare category would otherwise walk the whole newest-first index for one page.
CREATE INDEX "products_category_created_at_id_idx" ON "products"("category", "created_at" DESC, "id" DESC);

-- A category by price, and a price range inside a category.
CREATE INDEX "products_category_price_paise_id_idx" ON "products"("category", "price_paise", "id");

-- The Original filter by price: official products are about one in a hundred, so the index is small and only
-- official products' writes maintain it (Prisma's schema cannot say a partial index).
CREATE INDEX "products_official_price_paise_id_idx" ON "products"("price_paise", "id") WHERE "official_brand";
