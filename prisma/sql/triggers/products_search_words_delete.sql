-- search_words forgets the words of deleted products (search_words_sync).
CREATE OR REPLACE TRIGGER products_search_words_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_sync();
