-- Keeps search_names (the search bar's suggestions: each name once, with how many products the shop shows use it
-- and until when the latest of them is valid) current: the function of the triggers products_search_names_insert,
-- _update and _delete. Statement-level with transition tables like search_words_sync. Counts move by deltas, so two
-- transactions adding the same name both count. live_until only grows on insert, and is worked out again from the
-- products after a delete or an edit, which may lower it. Only products the shop shows count (product_is_shown): a
-- name whose products are all hidden leaves the suggestions and comes back with the first one shown again, so an
-- update moves a name when its visibility changes too (an unlisting, a relisting, a seller's suspension, which
-- changes all of the seller's products in one statement). Upserts go in name order so that two transactions never
-- lock the same names in opposite orders.
-- Depends on: product_is_shown
CREATE OR REPLACE FUNCTION search_names_sync()
  RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_names (name, product_count, live_until)
    SELECT n.name, count(*), max(n.valid_until) FROM new_products n
     WHERE product_is_shown(n.unlisted_at, n.seller_suspended)
     GROUP BY n.name ORDER BY n.name
    ON CONFLICT (name) DO UPDATE
      SET product_count = search_names.product_count + excluded.product_count,
          live_until = greatest(search_names.live_until, excluded.live_until);
    RETURN NULL;
  END IF;

  IF TG_OP = 'DELETE' THEN
    WITH changed AS (
      SELECT o.name, -count(*) AS delta FROM old_products o
       WHERE product_is_shown(o.unlisted_at, o.seller_suspended) GROUP BY o.name
    )
    INSERT INTO search_names (name, product_count, live_until)
    SELECT c.name, c.delta, coalesce((SELECT max(p.valid_until) FROM products p
                                       WHERE p.name = c.name AND product_is_shown(p.unlisted_at, p.seller_suspended)),
                                     '-infinity')
      FROM changed c ORDER BY c.name
    ON CONFLICT (name) DO UPDATE
      SET product_count = search_names.product_count + excluded.product_count, live_until = excluded.live_until;
  ELSE
    WITH moved AS (
      SELECT o.name AS old_name, n.name AS new_name,
             product_is_shown(o.unlisted_at, o.seller_suspended) AS old_shown,
             product_is_shown(n.unlisted_at, n.seller_suspended) AS new_shown
        FROM old_products o JOIN new_products n ON n.id = o.id
       WHERE n.name IS DISTINCT FROM o.name OR n.valid_until IS DISTINCT FROM o.valid_until
          OR product_is_shown(n.unlisted_at, n.seller_suspended)
             IS DISTINCT FROM product_is_shown(o.unlisted_at, o.seller_suspended)
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
                                       WHERE p.name = c.name AND product_is_shown(p.unlisted_at, p.seller_suspended)),
                                     '-infinity')
      FROM changed c ORDER BY c.name
    ON CONFLICT (name) DO UPDATE
      SET product_count = search_names.product_count + excluded.product_count, live_until = excluded.live_until;
    -- A name no product shows any more, new ones included (a rename of a hidden product counts 0).
    DELETE FROM search_names s WHERE s.product_count <= 0 AND s.name IN (SELECT n.name FROM new_products n);
  END IF;

  DELETE FROM search_names s WHERE s.product_count <= 0 AND s.name IN (SELECT o.name FROM old_products o);
  RETURN NULL;
END
$$;
