-- search_names forgets deleted products (search_names_sync).
CREATE OR REPLACE TRIGGER products_search_names_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_sync();
