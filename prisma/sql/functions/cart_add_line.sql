-- Adds a product to a cart with quantity 1 in one round trip (apps/api/src/cart/cart.repository.ts), answering how it
-- went: 'not_found' (no such product), 'not_shown' (unlisted, or its seller suspended: product_is_shown),
-- 'own_product' (the cart owner sells it), 'sold_out' (stock_covers fails for one pack), else 'added',
-- 'already_in_cart' (the unique line decides) or 'cart_full' (the cart holds p_lines_max products). The checks are
-- made in that order, as the API's messages expect. The owner's user row is locked before counting, as the address
-- book does, so adds to one cart queue up. Each statement of a volatile PL/pgSQL function reads what was committed
-- before it started (READ COMMITTED), so the count after the lock sees a line that a racing add committed while this
-- one waited: racing adds cannot pass the cap. It replaces a read of the product and a transaction of four
-- statements (BEGIN, lock, insert, COMMIT), each a round trip.
-- Depends on: product_is_shown, stock_covers
CREATE OR REPLACE FUNCTION cart_add_line(p_user_id int, p_product_id int, p_lines_max int)
  RETURNS text
  LANGUAGE plpgsql
  VOLATILE
  AS $$
DECLARE
  product record;
BEGIN
  SELECT p.stock, product_is_shown(p.unlisted_at, p.seller_suspended) AS shown, p.seller_id
    INTO product FROM products p WHERE p.id = p_product_id;
  IF NOT FOUND THEN
    RETURN 'not_found';
  ELSIF NOT product.shown THEN
    RETURN 'not_shown';
  ELSIF product.seller_id = p_user_id THEN
    RETURN 'own_product';
  ELSIF NOT stock_covers(product.stock, 1) THEN
    RETURN 'sold_out';
  END IF;

  PERFORM 1 FROM users WHERE id = p_user_id FOR NO KEY UPDATE;
  INSERT INTO cart_items (user_id, product_id)
  SELECT p_user_id, p_product_id
   WHERE (SELECT count(*) FROM cart_items WHERE user_id = p_user_id) < p_lines_max
  ON CONFLICT (user_id, product_id) DO NOTHING;
  IF FOUND THEN
    RETURN 'added';
  ELSIF EXISTS (SELECT 1 FROM cart_items WHERE user_id = p_user_id AND product_id = p_product_id) THEN
    RETURN 'already_in_cart';
  END IF;
  RETURN 'cart_full';
END;
$$;
