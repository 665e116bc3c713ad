-- Places an order in one statement, all or nothing (docs/stock.md, docs/payments.md). A function so that PostgreSQL
-- plans it once per connection instead of once per order: PL/pgSQL keeps the plan of its statements, and
-- plan_cache_mode = force_generic_plan keeps it from planning again for each call's parameters (arrays and flags whose
-- plans never differ). apps/api/src/checkout/checkout.repository.ts calls it, docs/orders.md "Placing an order: round
-- trips" measures it.
--  - usable: every product exists, can be bought (checkout_products) and has the name, price, weight, category,
--    packaging, seller and first image the lines copy, and the address is the buyer's own and not deleted, else
--    nothing is written and
--    products_now / address_now say what they are now (as_priced false),
--  - counted: the ordered products that count stock, locked FOR NO KEY UPDATE in id order (no deadlock between two
--    checkouts, and a checkout that waited sees what the other left), short: the lines whose stock does not cover
--    them (stock_covers),
--  - slot: an online order takes the lowest free slot of its buyer's orders awaiting payment (order_awaits_payment,
--    1..p_open_slots_max), the partial unique index orders_open_online_slot_key on the same predicate lets one order
--    hold a slot (ON CONFLICT repeats its predicate),
--    so of two checkouts racing for the last slot the later inserts nothing (placed_id and free_slot both set to
--    null and a number: try again). Cash on delivery holds no slot (open_slot null never conflicts),
--  - placed and what hangs off it: the order with a copy of the address (one address_<field> column per field of
--    ADDRESS_FIELDS in libs/domain, checkout-address.int.spec.ts holds the two lists equal), its lines, its payment, the packs taken,
--    and with p_clear_cart the products leaving the cart. stock_shown: a product taken from is now at or below
--    p_low_stock, so cached listing pages are stale.
-- The caller writes order.placed for placed_id in the same statement (outboxInsertSql of libs/events, the one writer
-- of outbox rows), so the order and its event are still one statement, all or nothing.
-- Depends on: checkout_products, order_awaits_payment, stock_covers
CREATE OR REPLACE FUNCTION checkout_place_order(
  p_user_id int, p_address_id int, p_method payment_method, p_provider payment_provider, p_provider_order_id text,
  p_subtotal_paise int, p_shipping_paise int, p_total_paise int, p_total_weight_grams int,
  p_product_ids int[], p_quantities int[], p_seller_ids int[], p_product_names text[], p_image_keys text[],
  p_unit_prices_paise int[], p_weights_grams int[], p_categories product_category[], p_pre_packaged boolean[],
  p_hsn_codes text[], p_gst_rates_percent int[], p_clear_cart boolean, p_open_slots_max int, p_low_stock int)
  RETURNS TABLE (placed_id int, free_slot smallint, short_lines json, stock_shown boolean, as_priced boolean,
                 products_now json, address_now json)
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  RETURN QUERY
  WITH fresh AS (
    SELECT * FROM checkout_products(p_product_ids)
  ), address AS (
    SELECT a.id, a.user_id, a.is_deleted, a.name, a.mobile, a.state, a.district, a.taluk, a.flat_house_building,
           a.area_or_street_or_village, a.landmark, a.pincode
      FROM addresses a WHERE a.id = p_address_id
  ), usable AS (
    SELECT EXISTS (SELECT 1 FROM address a WHERE a.user_id = p_user_id AND NOT a.is_deleted)
           AND NOT EXISTS (
             SELECT 1
               FROM unnest(p_product_ids, p_product_names, p_unit_prices_paise, p_weights_grams, p_categories,
                           p_pre_packaged, p_seller_ids, p_image_keys)
                    AS l(id, name, price_paise, weight_grams, category, pre_packaged, seller_id, image_key)
               LEFT JOIN fresh f ON f.id = l.id
              WHERE f.id IS NULL OR NOT f.available
                 OR (f.name, f.price_paise, f.weight_grams, f.category, f.pre_packaged, f.seller_id, f.image_key)
                    IS DISTINCT FROM (l.name, l.price_paise, l.weight_grams, l.category, l.pre_packaged, l.seller_id, l.image_key)
           ) AS ok
  ), wanted AS (
    SELECT w.product_id, sum(w.quantity)::int AS quantity
      FROM unnest(p_product_ids, p_quantities) AS w(product_id, quantity)
     GROUP BY w.product_id
  ), counted AS (
    SELECT p.id, p.stock FROM products p
     WHERE p.id IN (SELECT product_id FROM wanted) AND p.stock IS NOT NULL
     ORDER BY p.id
       FOR NO KEY UPDATE OF p
  ), short AS (
    SELECT c.id AS "productId", c.stock AS "left" FROM counted c JOIN wanted w ON w.product_id = c.id
     WHERE NOT stock_covers(c.stock, w.quantity)
  ), slot AS (
    SELECT CASE WHEN p_method = 'online' THEN (
             SELECT min(s)::smallint FROM generate_series(1, p_open_slots_max) s
              WHERE NOT EXISTS (SELECT 1 FROM orders o
                                 WHERE o.user_id = p_user_id AND o.open_slot = s
                                   AND order_awaits_payment(o.payment_method, o.payment_status, o.status)))
           END AS n
  ), placed AS (
    INSERT INTO orders (user_id, payment_method, subtotal_paise, shipping_paise, total_paise, total_weight_grams,
                        address_id, address_name, address_mobile, address_state, address_district, address_taluk,
                        address_flat_house_building, address_area_or_street_or_village, address_landmark,
                        address_pincode, open_slot)
    SELECT p_user_id, p_method, p_subtotal_paise, p_shipping_paise, p_total_paise, p_total_weight_grams,
           a.id, a.name, a.mobile, a.state, a.district, a.taluk, a.flat_house_building, a.area_or_street_or_village,
           a.landmark, a.pincode, slot.n
      FROM address a, slot
     WHERE (SELECT ok FROM usable) AND (p_method <> 'online' OR slot.n IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM short)
    ON CONFLICT (user_id, open_slot)
       WHERE order_awaits_payment(payment_method, payment_status, status)
       DO NOTHING
    RETURNING orders.id, orders.user_id
  ), lines AS (
    INSERT INTO order_items (order_id, product_id, seller_id, product_name, image_key, unit_price_paise, quantity,
                             weight_grams, category, hsn_code, gst_rate_percent)
    SELECT placed.id, line.*
      FROM placed, unnest(p_product_ids, p_seller_ids, p_product_names, p_image_keys, p_unit_prices_paise, p_quantities,
                          p_weights_grams, p_categories, p_hsn_codes, p_gst_rates_percent) AS line
    RETURNING 1
  ), payment AS (
    INSERT INTO payments (order_id, provider, provider_order_id, amount_paise)
    SELECT placed.id, p_provider, p_provider_order_id, p_total_paise FROM placed
    RETURNING 1
  ), taken AS (
    UPDATE products p SET stock = p.stock - w.quantity
      FROM wanted w JOIN counted c ON c.id = w.product_id, placed
     WHERE p.id = w.product_id
    RETURNING p.stock
  ), cleared AS (
    DELETE FROM cart_items c USING placed
     WHERE p_clear_cart AND c.user_id = placed.user_id AND c.product_id = ANY(p_product_ids)
    RETURNING 1
  )
  SELECT (SELECT placed.id FROM placed), (SELECT slot.n FROM slot),
         (SELECT coalesce(json_agg(short), '[]'::json) FROM short),
         coalesce((SELECT bool_or(taken.stock <= p_low_stock) FROM taken), false),
         usable.ok,
         CASE WHEN NOT usable.ok THEN (SELECT coalesce(json_agg(fresh), '[]'::json) FROM fresh) END,
         CASE WHEN NOT usable.ok THEN (
           SELECT json_build_object('id', a.id, 'user_id', a.user_id, 'is_deleted', a.is_deleted) FROM address a)
         END
    FROM usable;
END
$$;
