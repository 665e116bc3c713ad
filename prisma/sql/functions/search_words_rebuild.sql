-- Recounts search_words from the products table: for bulk loads that disable the triggers (ALTER TABLE products
-- DISABLE TRIGGER USER, as bench/catalog-seed.mjs does), and to start from the products that exist now.
-- Depends on: search_words_of
CREATE OR REPLACE FUNCTION search_words_rebuild()
  RETURNS void
  LANGUAGE sql
  AS $$
    DELETE FROM search_words;
    INSERT INTO search_words (word, product_count)
    SELECT w.word, count(*) FROM products p CROSS JOIN LATERAL search_words_of(p.name) AS w(word)
     GROUP BY w.word ORDER BY w.word;
  $$;
