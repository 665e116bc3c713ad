-- Suggestions read distinct product names, not products: search_names holds each name once, with how many
-- products use it and until when the latest of them is valid, so the search bar's full-text lookup scans one
-- entry per name (about a quarter of the products at a million) and tells live names from expired ones
-- without reading the products table.
--
-- As in the search migration, function bodies spell each statement end as \073 (Prisma splits migrations at
-- every semicolon when it replays them), and comments hold no semicolons.

CREATE TABLE "search_names" (
    "name" VARCHAR(50) NOT NULL,
    "product_count" INTEGER NOT NULL,
    "live_until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "search_names_pkey" PRIMARY KEY ("name")
);

-- Finds the products of a name when its validity is worked out again (after a delete or an edit).
CREATE INDEX "products_name_idx" ON "products"("name");

-- Keeps search_names current, statement-level with transition tables like search_words_sync. Counts move
-- by deltas, so two transactions adding the same name both count. live_until only grows on insert, and is
-- worked out again from the products after a delete or an edit, which may lower it. Upserts go in name
-- order so that two transactions never lock the same names in opposite orders.
CREATE FUNCTION "search_names_sync"() RETURNS trigger
  LANGUAGE plpgsql
  AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO search_names (name, product_count, live_until)
    SELECT n.name, count(*), max(n.valid_until) FROM new_products n GROUP BY n.name ORDER BY n.name
    ON CONFLICT (name) DO UPDATE
      SET product_count = search_names.product_count + excluded.product_count,
          live_until = greatest(search_names.live_until, excluded.live_until)\073
    RETURN NULL\073
  END IF\073

  IF TG_OP = ''DELETE'' THEN
    WITH changed AS (SELECT o.name, -count(*) AS delta FROM old_products o GROUP BY o.name)
    INSERT INTO search_names (name, product_count, live_until)
    SELECT c.name, c.delta, coalesce((SELECT max(p.valid_until) FROM products p WHERE p.name = c.name), ''-infinity'')
      FROM changed c ORDER BY c.name
    ON CONFLICT (name) DO UPDATE
      SET product_count = search_names.product_count + excluded.product_count, live_until = excluded.live_until\073
  ELSE
    WITH moved AS (
      SELECT o.name AS old_name, n.name AS new_name FROM old_products o JOIN new_products n ON n.id = o.id
       WHERE n.name IS DISTINCT FROM o.name OR n.valid_until IS DISTINCT FROM o.valid_until
    ),
    changed AS (
      SELECT d.name, sum(d.delta) AS delta FROM (
        SELECT old_name AS name, -1 AS delta FROM moved UNION ALL SELECT new_name, 1 FROM moved
      ) d GROUP BY d.name
    )
    INSERT INTO search_names (name, product_count, live_until)
    SELECT c.name, c.delta, coalesce((SELECT max(p.valid_until) FROM products p WHERE p.name = c.name), ''-infinity'')
      FROM changed c ORDER BY c.name
    ON CONFLICT (name) DO UPDATE
      SET product_count = search_names.product_count + excluded.product_count, live_until = excluded.live_until\073
  END IF\073

  DELETE FROM search_names s WHERE s.product_count <= 0 AND s.name IN (SELECT o.name FROM old_products o)\073
  RETURN NULL\073
END';

CREATE TRIGGER "products_search_names_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION "search_names_sync"();

CREATE TRIGGER "products_search_names_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION "search_names_sync"();

CREATE TRIGGER "products_search_names_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_products
  FOR EACH STATEMENT EXECUTE FUNCTION "search_names_sync"();

-- Recounts search_names from the products table: for bulk loads that disable the triggers, and to start.
CREATE FUNCTION "search_names_rebuild"() RETURNS void
  LANGUAGE sql
  AS E'
  DELETE FROM search_names\073
  INSERT INTO search_names (name, product_count, live_until)
  SELECT p.name, count(*), max(p.valid_until) FROM products p GROUP BY p.name ORDER BY p.name\073
';

SELECT "search_names_rebuild"();

-- The same expression as products_name_words_idx, so one tsquery serves both. Built after the first fill, and
-- without GIN's pending list (fastupdate): the table is small and read on every keystroke, and a lookup would
-- otherwise read through every entry added since the last vacuum.
CREATE INDEX "search_names_words_idx" ON "search_names" USING GIN (to_tsvector('simple'::regconfig, "name"))
  WITH (fastupdate = off);
