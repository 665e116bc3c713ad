-- The words of a product name as search sees them: the lexemes of PostgreSQL's 'simple' text search configuration
-- (lower case, no stemming, no stop words). The full-text index products_name_words_idx and search_words both use it,
-- so a word corrected against search_words is a word the index knows.
CREATE OR REPLACE FUNCTION search_words_of(name text)
  RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT lexeme FROM unnest(to_tsvector('simple'::regconfig, name))
  $$;
