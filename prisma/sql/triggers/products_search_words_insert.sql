-- search_words counts the words of inserted products (search_words_sync).
CREATE OR REPLACE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_sync();
