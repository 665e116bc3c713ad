-- Issue 17: the console's Products tab, and products the shop does not show.
--
-- The list sorts by stock and by validity and filters by them, each an index walk instead of a sort of a million rows.
-- Newest, name and price have their indexes already (products_created_at_id_idx, products_name_idx,
-- products_price_paise_id_idx). The unlisted products and those of suspended sellers are few: partial indexes find
-- them without reading the rest.
--
-- As in the search migrations, function bodies spell each statement end as \073 (Prisma splits migrations at every
-- semicolon when it replays them), and comments hold no semicolons.

-- CreateIndex
CREATE INDEX "products_stock_id_idx" ON "products"("stock", "id");

-- CreateIndex
CREATE INDEX "products_valid_until_id_idx" ON "products"("valid_until", "id");

-- Unlisted products, the latest unlisting first.
CREATE INDEX "products_unlisted_idx" ON "products"("unlisted_at" DESC, "id" DESC) WHERE "unlisted_at" IS NOT NULL;

-- Products hidden with their suspended seller.
CREATE INDEX "products_seller_suspended_idx" ON "products"("id") WHERE "seller_suspended";

-- search_names (the suggestions) counts only the products the shop shows: unlisted_at IS NULL AND NOT
-- seller_suspended, the predicate productVisibleSql writes for every other query (apps/api/src/products). A name
-- whose products are all hidden leaves the suggestions, and comes back with the first one shown again. An update
-- now moves a name when its visibility changes too (an unlisting, a relisting, a seller's suspension, which changes
-- all of the seller's products in one statement). Otherwise as in 20261123201000_search_names.
CREATE OR REPLACE FUNCTION "search_names_sync"() RETURNS trigger
  LANGUAGE plpgsql
  AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO search_names (name, product_count, live_until)
    SELECT n.name, count(*), max(n.valid_until) FROM new_products n
     WHERE n.unlisted_at IS NULL AND NOT n.seller_suspended
     GROUP BY n.name ORDER BY n.name
    ON CONFLICT (name) DO UPDATE
      SET product_count = search_names.product_count + excluded.product_count,
          live_until = greatest(search_names.live_until, excluded.live_until)\073
    RETURN NULL\073
  END IF\073

  IF TG_OP = ''DELETE'' THEN
    WITH changed AS (
      SELECT o.name, -count(*) AS delta FROM old_products o
       WHERE o.unlisted_at IS NULL AND NOT o.seller_suspended GROUP BY o.name
    )
    INSERT INTO search_names (name, product_count, live_until)
    SELECT c.name, c.delta, coalesce((SELECT max(p.valid_until) FROM products p
                                       WHERE p.name = c.name AND p.unlisted_at IS NULL AND NOT p.seller_suspended), ''-infinity'')
      FROM changed c ORDER BY c.name
    ON CONFLICT (name) DO UPDATE
      SET product_count = search_names.product_count + excluded.product_count, live_until = excluded.live_until\073
  ELSE
    WITH moved AS (
      SELECT o.name AS old_name, n.name AS new_name,
             (o.unlisted_at IS NULL AND NOT o.seller_suspended) AS old_shown,
             (n.unlisted_at IS NULL AND NOT n.seller_suspended) AS new_shown
        FROM old_products o JOIN new_products n ON n.id = o.id
       WHERE n.name IS DISTINCT FROM o.name OR n.valid_until IS DISTINCT FROM o.valid_until
          OR (n.unlisted_at IS NULL AND NOT n.seller_suspended) IS DISTINCT FROM (o.unlisted_at IS NULL AND NOT o.seller_suspended)
    ),
    changed AS (
      SELECT d.name, sum(d.delta) AS delta FROM (
        SELECT old_name AS name, CASE WHEN old_shown THEN -1 ELSE 0 END AS delta FROM moved
        UNION ALL
        SELECT new_name, CASE WHEN new_shown THEN 1 ELSE 0 END FROM moved
      ) d GROUP BY d.name
    )
    INSERT INTO search_names (name, product_count, live_until)
    SELECT c.name, c.delta, coalesce((SELECT max(p.valid_until) FROM products p
                                       WHERE p.name = c.name AND p.unlisted_at IS NULL AND NOT p.seller_suspended), ''-infinity'')
      FROM changed c ORDER BY c.name
    ON CONFLICT (name) DO UPDATE
      SET product_count = search_names.product_count + excluded.product_count, live_until = excluded.live_until\073
    -- A name no product shows any more, new ones included (a rename of a hidden product counts 0).
    DELETE FROM search_names s WHERE s.product_count <= 0 AND s.name IN (SELECT n.name FROM new_products n)\073
  END IF\073

  DELETE FROM search_names s WHERE s.product_count <= 0 AND s.name IN (SELECT o.name FROM old_products o)\073
  RETURN NULL\073
END';

-- Recounts search_names from the products the shop shows: for bulk loads that disable the triggers.
CREATE OR REPLACE FUNCTION "search_names_rebuild"() RETURNS void
  LANGUAGE sql
  AS E'
  DELETE FROM search_names\073
  INSERT INTO search_names (name, product_count, live_until)
  SELECT p.name, count(*), max(p.valid_until) FROM products p
   WHERE p.unlisted_at IS NULL AND NOT p.seller_suspended
   GROUP BY p.name ORDER BY p.name\073
';
