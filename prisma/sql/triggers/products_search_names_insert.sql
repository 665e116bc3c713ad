-- search_names counts inserted products the shop shows (search_names_sync).
CREATE OR REPLACE TRIGGER products_search_names_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_sync();
