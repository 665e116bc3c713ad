-- Keeps search_words (each word of the product names with the number of products using it) current: the function of
-- the triggers products_search_words_insert, _update and _delete. Statement-level with transition tables, so a bulk
-- insert counts its words in one grouped upsert rather than one per row. Only changed names count on update. Upserts
-- go in word order so that two transactions never lock the same words in opposite orders (no deadlock), and words no
-- product uses any more are removed.
-- Depends on: search_words_of
CREATE OR REPLACE FUNCTION search_words_sync()
  RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word, product_count)
    SELECT w.word, count(*) FROM new_products p CROSS JOIN LATERAL search_words_of(p.name) AS w(word)
     GROUP BY w.word ORDER BY w.word
    ON CONFLICT (word) DO UPDATE SET product_count = search_words.product_count + excluded.product_count;
    RETURN NULL;
  END IF;

  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_words (word, product_count)
    SELECT w.word, -count(*) FROM old_products o CROSS JOIN LATERAL search_words_of(o.name) AS w(word)
     GROUP BY w.word ORDER BY w.word
    ON CONFLICT (word) DO UPDATE SET product_count = search_words.product_count + excluded.product_count;
  ELSE
    INSERT INTO search_words (word, product_count)
    SELECT d.word, sum(d.delta) FROM (
      SELECT w.word, -1 AS delta
        FROM old_products o JOIN new_products n ON n.id = o.id
        CROSS JOIN LATERAL search_words_of(o.name) AS w(word)
       WHERE n.name IS DISTINCT FROM o.name
      UNION ALL
      SELECT w.word, 1
        FROM new_products n JOIN old_products o ON o.id = n.id
        CROSS JOIN LATERAL search_words_of(n.name) AS w(word)
       WHERE n.name IS DISTINCT FROM o.name
    ) d
    GROUP BY d.word HAVING sum(d.delta) <> 0 ORDER BY d.word
    ON CONFLICT (word) DO UPDATE SET product_count = search_words.product_count + excluded.product_count;
  END IF;

  IF FOUND THEN
    DELETE FROM search_words WHERE product_count <= 0;
  END IF;
  RETURN NULL;
END
$$;
