-- search_words follows renamed products (search_words_sync).
CREATE OR REPLACE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_sync();
