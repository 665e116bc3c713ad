-- Search (issue 5): a full-text index on product names, search_words kept current by triggers, and the
-- synonyms list of libs/domain/src/search/synonyms.ts.
--
-- Function bodies are single-quoted strings that spell each statement end as \073 (an octal escape):
-- Prisma replays migrations (the drift test) by splitting the file at every semicolon, which would cut a
-- dollar-quoted body apart. Keep semicolons out of comments for the same reason.

-- The words of a product name as search sees them: the lexemes of PostgreSQL's 'simple' text search
-- configuration (lower case, no stemming, no stop words). The full-text index and search_words both use
-- it, so a word corrected against search_words is a word the index knows.
CREATE FUNCTION "search_words_of"("name" text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT lexeme FROM unnest(to_tsvector(''simple''::regconfig, name))';

-- Products by name word: one posting list per word (and a range of them for a prefix), where the trigram
-- index needs several per word and a recheck of every row. The expression must stay exactly
-- to_tsvector('simple'::regconfig, name) for queries to use it.
CREATE INDEX "products_name_words_idx" ON "products" USING GIN (to_tsvector('simple'::regconfig, "name"));

-- Keeps search_words (each word of the product names with the number of products using it) current.
-- Statement-level with transition tables, so a bulk insert counts its words in one grouped upsert rather
-- than one per row. Only changed names count on update. Upserts go in word order so that two
-- transactions never lock the same words in opposite orders (no deadlock), and words no product uses any
-- more are removed.
CREATE FUNCTION "search_words_sync"() RETURNS trigger
  LANGUAGE plpgsql
  AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO search_words (word, product_count)
    SELECT w.word, count(*) FROM new_products p CROSS JOIN LATERAL search_words_of(p.name) AS w(word)
     GROUP BY w.word ORDER BY w.word
    ON CONFLICT (word) DO UPDATE SET product_count = search_words.product_count + excluded.product_count\073
    RETURN NULL\073
  END IF\073

  IF TG_OP = ''DELETE'' THEN
    INSERT INTO search_words (word, product_count)
    SELECT w.word, -count(*) FROM old_products o CROSS JOIN LATERAL search_words_of(o.name) AS w(word)
     GROUP BY w.word ORDER BY w.word
    ON CONFLICT (word) DO UPDATE SET product_count = search_words.product_count + excluded.product_count\073
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
    ON CONFLICT (word) DO UPDATE SET product_count = search_words.product_count + excluded.product_count\073
  END IF\073

  IF FOUND THEN
    DELETE FROM search_words WHERE product_count <= 0\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"();

CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"();

CREATE TRIGGER "products_search_words_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_products
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"();

-- Recounts search_words from the products table: for bulk loads that disable the triggers (ALTER TABLE
-- products DISABLE TRIGGER USER), and to start from the products that exist now.
CREATE FUNCTION "search_words_rebuild"() RETURNS void
  LANGUAGE sql
  AS E'
  DELETE FROM search_words\073
  INSERT INTO search_words (word, product_count)
  SELECT w.word, count(*) FROM products p CROSS JOIN LATERAL search_words_of(p.name) AS w(word)
   GROUP BY w.word ORDER BY w.word\073
';

SELECT "search_words_rebuild"();

-- The synonyms list of libs/domain/src/search/synonyms.ts, each term to its group's canonical name (which
-- maps to itself). A test keeps this table and that file equal.
INSERT INTO "synonyms" ("term", "canonical") VALUES
  ('aaloo', 'potato'),
  ('aam', 'mango'),
  ('aata', 'wheat flour'),
  ('adrak', 'ginger'),
  ('adrakh', 'ginger'),
  ('ajwain', 'carom seeds'),
  ('akhrot', 'walnut'),
  ('almond', 'almond'),
  ('aloo', 'potato'),
  ('aloo bukhara', 'plum'),
  ('alu', 'potato'),
  ('amla', 'gooseberry'),
  ('amrood', 'guava'),
  ('amrud', 'guava'),
  ('anaar', 'pomegranate'),
  ('ananas', 'pineapple'),
  ('anar', 'pomegranate'),
  ('angoor', 'grapes'),
  ('angur', 'grapes'),
  ('anjeer', 'fig'),
  ('anjir', 'fig'),
  ('aonla', 'gooseberry'),
  ('apple', 'apple'),
  ('apples', 'apple'),
  ('arbi', 'colocasia'),
  ('arvi', 'colocasia'),
  ('atta', 'wheat flour'),
  ('aubergine', 'eggplant'),
  ('awla', 'gooseberry'),
  ('badam', 'almond'),
  ('baigan', 'eggplant'),
  ('baingan', 'eggplant'),
  ('bajra', 'pearl millet'),
  ('banana', 'banana'),
  ('bananas', 'banana'),
  ('band gobhi', 'cabbage'),
  ('bandh gobhi', 'cabbage'),
  ('basil', 'basil'),
  ('batata', 'potato'),
  ('beetroot', 'beetroot'),
  ('bell pepper', 'capsicum'),
  ('bhendi', 'okra'),
  ('bhindi', 'okra'),
  ('bhutta', 'maize'),
  ('bitter gourd', 'bitter gourd'),
  ('black pepper', 'black pepper'),
  ('bottle gourd', 'bottle gourd'),
  ('brinjal', 'eggplant'),
  ('butter', 'butter'),
  ('cabbage', 'cabbage'),
  ('capsicum', 'capsicum'),
  ('cardamom', 'cardamom'),
  ('carom seeds', 'carom seeds'),
  ('carrot', 'carrot'),
  ('cashew', 'cashew'),
  ('cauliflower', 'cauliflower'),
  ('chana', 'chickpeas'),
  ('chaval', 'rice'),
  ('chawal', 'rice'),
  ('cheeni', 'sugar'),
  ('chhole', 'chickpeas'),
  ('chickpeas', 'chickpeas'),
  ('chikoo', 'sapota'),
  ('chiku', 'sapota'),
  ('chili', 'chilli'),
  ('chilli', 'chilli'),
  ('chillies', 'chilli'),
  ('chilly', 'chilli'),
  ('chini', 'sugar'),
  ('chole', 'chickpeas'),
  ('chukandar', 'beetroot'),
  ('cilantro', 'coriander'),
  ('cinnamon', 'cinnamon'),
  ('clove', 'clove'),
  ('coconut', 'coconut'),
  ('colocasia', 'colocasia'),
  ('coriander', 'coriander'),
  ('corn', 'maize'),
  ('cottage cheese', 'paneer'),
  ('cucumber', 'cucumber'),
  ('cumin', 'cumin'),
  ('curd', 'curd'),
  ('custard apple', 'custard apple'),
  ('daal', 'lentils'),
  ('dahi', 'curd'),
  ('dal', 'lentils'),
  ('dalchini', 'cinnamon'),
  ('dates', 'dates'),
  ('desi ghee', 'ghee'),
  ('dhal', 'lentils'),
  ('dhania', 'coriander'),
  ('dhaniya', 'coriander'),
  ('doodh', 'milk'),
  ('drumstick', 'drumstick'),
  ('dudh', 'milk'),
  ('dudhi', 'bottle gourd'),
  ('eggplant', 'eggplant'),
  ('elaichi', 'cardamom'),
  ('fennel', 'fennel'),
  ('fenugreek', 'fenugreek'),
  ('fig', 'fig'),
  ('finger millet', 'finger millet'),
  ('gajar', 'carrot'),
  ('garlic', 'garlic'),
  ('gehoon', 'wheat'),
  ('gehu', 'wheat'),
  ('gehun', 'wheat'),
  ('ghee', 'ghee'),
  ('ghi', 'ghee'),
  ('ghiya', 'bottle gourd'),
  ('ginger', 'ginger'),
  ('gobhi', 'cauliflower'),
  ('gobi', 'cauliflower'),
  ('gooseberry', 'gooseberry'),
  ('grape', 'grapes'),
  ('grapes', 'grapes'),
  ('green peas', 'peas'),
  ('groundnut', 'peanuts'),
  ('guava', 'guava'),
  ('gud', 'jaggery'),
  ('gur', 'jaggery'),
  ('haldi', 'turmeric'),
  ('hara pyaz', 'spring onion'),
  ('honey', 'honey'),
  ('ilaichi', 'cardamom'),
  ('imli', 'tamarind'),
  ('jackfruit', 'jackfruit'),
  ('jaggery', 'jaggery'),
  ('jamun', 'java plum'),
  ('java plum', 'java plum'),
  ('jeera', 'cumin'),
  ('jimikand', 'yam'),
  ('jira', 'cumin'),
  ('jowar', 'sorghum'),
  ('jwar', 'sorghum'),
  ('kaddoo', 'pumpkin'),
  ('kaddu', 'pumpkin'),
  ('kaju', 'cashew'),
  ('kali mirch', 'black pepper'),
  ('kanda', 'onion'),
  ('karela', 'bitter gourd'),
  ('karella', 'bitter gourd'),
  ('kathal', 'jackfruit'),
  ('kela', 'banana'),
  ('kele', 'banana'),
  ('khajoor', 'dates'),
  ('khajur', 'dates'),
  ('kharbooja', 'muskmelon'),
  ('kharbuja', 'muskmelon'),
  ('kheera', 'cucumber'),
  ('khira', 'cucumber'),
  ('khumb', 'mushroom'),
  ('khumbi', 'mushroom'),
  ('kishmish', 'raisins'),
  ('ladies finger', 'okra'),
  ('lady finger', 'okra'),
  ('ladyfinger', 'okra'),
  ('lahsun', 'garlic'),
  ('lasun', 'garlic'),
  ('lauki', 'bottle gourd'),
  ('laung', 'clove'),
  ('lavang', 'clove'),
  ('lehsan', 'garlic'),
  ('lehsun', 'garlic'),
  ('lemon', 'lemon'),
  ('lentils', 'lentils'),
  ('lichi', 'litchi'),
  ('litchi', 'litchi'),
  ('lychee', 'litchi'),
  ('madhu', 'honey'),
  ('maize', 'maize'),
  ('makhan', 'butter'),
  ('makka', 'maize'),
  ('makkhan', 'butter'),
  ('makki', 'maize'),
  ('mango', 'mango'),
  ('mangoes', 'mango'),
  ('matar', 'peas'),
  ('mattar', 'peas'),
  ('methi', 'fenugreek'),
  ('milk', 'milk'),
  ('mint', 'mint'),
  ('mirch', 'chilli'),
  ('mirchi', 'chilli'),
  ('mooli', 'radish'),
  ('moongfali', 'peanuts'),
  ('moringa', 'drumstick'),
  ('muli', 'radish'),
  ('mungfali', 'peanuts'),
  ('mushroom', 'mushroom'),
  ('muskmelon', 'muskmelon'),
  ('mustard', 'mustard'),
  ('nachni', 'finger millet'),
  ('namak', 'salt'),
  ('narangi', 'orange'),
  ('nariyal', 'coconut'),
  ('nashpati', 'pear'),
  ('neembu', 'lemon'),
  ('nimboo', 'lemon'),
  ('nimbu', 'lemon'),
  ('okra', 'okra'),
  ('onion', 'onion'),
  ('orange', 'orange'),
  ('palak', 'spinach'),
  ('paneer', 'paneer'),
  ('papaya', 'papaya'),
  ('papita', 'papaya'),
  ('patta gobhi', 'cabbage'),
  ('patta gobi', 'cabbage'),
  ('pattagobhi', 'cabbage'),
  ('peanut', 'peanuts'),
  ('peanuts', 'peanuts'),
  ('pear', 'pear'),
  ('pearl millet', 'pearl millet'),
  ('peas', 'peas'),
  ('phool gobhi', 'cauliflower'),
  ('phool gobi', 'cauliflower'),
  ('phoolgobhi', 'cauliflower'),
  ('pineapple', 'pineapple'),
  ('piyaz', 'onion'),
  ('plum', 'plum'),
  ('pomegranate', 'pomegranate'),
  ('potato', 'potato'),
  ('pudeena', 'mint'),
  ('pudina', 'mint'),
  ('pumpkin', 'pumpkin'),
  ('pyaaz', 'onion'),
  ('pyaj', 'onion'),
  ('pyaz', 'onion'),
  ('radish', 'radish'),
  ('ragi', 'finger millet'),
  ('rai', 'mustard'),
  ('raisins', 'raisins'),
  ('rice', 'rice'),
  ('ridge gourd', 'ridge gourd'),
  ('sahjan', 'drumstick'),
  ('saib', 'apple'),
  ('saijan', 'drumstick'),
  ('salt', 'salt'),
  ('santara', 'orange'),
  ('santra', 'orange'),
  ('sapota', 'sapota'),
  ('sarson', 'mustard'),
  ('saunf', 'fennel'),
  ('seb', 'apple'),
  ('sesame', 'sesame'),
  ('shahad', 'honey'),
  ('shakarkand', 'sweet potato'),
  ('shakarkandi', 'sweet potato'),
  ('shakkar', 'sugar'),
  ('sharifa', 'custard apple'),
  ('shehad', 'honey'),
  ('shimla mirch', 'capsicum'),
  ('sitaphal', 'custard apple'),
  ('sorghum', 'sorghum'),
  ('spinach', 'spinach'),
  ('spring onion', 'spring onion'),
  ('sugar', 'sugar'),
  ('suran', 'yam'),
  ('sweet potato', 'sweet potato'),
  ('tamarind', 'tamarind'),
  ('tamatar', 'tomato'),
  ('tamater', 'tomato'),
  ('tarbooz', 'watermelon'),
  ('tarbuj', 'watermelon'),
  ('til', 'sesame'),
  ('tomato', 'tomato'),
  ('tomatoes', 'tomato'),
  ('torai', 'ridge gourd'),
  ('tori', 'ridge gourd'),
  ('tulsi', 'basil'),
  ('turai', 'ridge gourd'),
  ('turmeric', 'turmeric'),
  ('walnut', 'walnut'),
  ('watermelon', 'watermelon'),
  ('wheat', 'wheat'),
  ('wheat flour', 'wheat flour'),
  ('yam', 'yam'),
  ('yogurt', 'curd'),
  ('zeera', 'cumin')
ON CONFLICT ("term") DO NOTHING;
