-- search_names follows renamed products, changed validity and changed visibility (search_names_sync).
CREATE OR REPLACE TRIGGER products_search_names_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_sync();
