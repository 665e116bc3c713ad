-- Puts a product in a cart with quantity 1 in one round trip (apps/api/src/cart/cart.repository.ts), unless it is
-- there already (the unique line decides) or the cart holds `p_lines_max` products: 'added', 'already_in_cart' or
-- 'cart_full'. The owner's user row is locked first, as the address book does, so adds to one cart queue up. Each
-- statement of a volatile PL/pgSQL function reads what was committed before it started (READ COMMITTED), so the
-- count after the lock sees a line that a racing add committed while this one waited: racing adds cannot pass the
-- cap. It replaces a transaction of four statements (BEGIN, lock, insert, COMMIT), each a round trip.
CREATE OR REPLACE FUNCTION cart_add_line(p_user_id int, p_product_id int, p_lines_max int)
  RETURNS text
  LANGUAGE plpgsql
  VOLATILE
  AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = p_user_id FOR NO KEY UPDATE;
  INSERT INTO cart_items (user_id, product_id)
  SELECT p_user_id, p_product_id
   WHERE (SELECT count(*) FROM cart_items WHERE user_id = p_user_id) < p_lines_max
  ON CONFLICT (user_id, product_id) DO NOTHING;
  IF FOUND THEN
    RETURN 'added';
  END IF;
  IF EXISTS (SELECT 1 FROM cart_items WHERE user_id = p_user_id AND product_id = p_product_id) THEN
    RETURN 'already_in_cart';
  END IF;
  RETURN 'cart_full';
END;
$$;
