-- Recounts search_names from the products the shop shows: for bulk loads that disable the triggers.
-- Depends on: product_is_shown
CREATE OR REPLACE FUNCTION search_names_rebuild()
  RETURNS void
  LANGUAGE sql
  AS $$
    DELETE FROM search_names;
    INSERT INTO search_names (name, product_count, live_until)
    SELECT p.name, count(*), max(p.valid_until) FROM products p
     WHERE product_is_shown(p.unlisted_at, p.seller_suspended)
     GROUP BY p.name ORDER BY p.name;
  $$;
