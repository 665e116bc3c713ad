-- The products of p_ids as checkout prices them: the row now, whether it can be bought (valid by the database clock
-- and shown by the shop, product_is_shown), packs left (null for unlimited) and the first image. One definition for
-- the pricing read (apps/api/src/checkout/checkout.repository.ts) and for the check of checkout_place_order.
-- Depends on: product_is_shown
CREATE OR REPLACE FUNCTION checkout_products(p_ids int[])
  RETURNS TABLE (id int, name text, price_paise int, weight_grams int, category product_category, pre_packaged boolean,
                 seller_id int, available boolean, stock int, image_key text)
  LANGUAGE sql STABLE
  AS $$
    SELECT p.id, p.name::text, p.price_paise, COALESCE(p.weight_grams, 0), p.category, p.pre_packaged, p.seller_id,
           p.valid_until > now() AND product_is_shown(p.unlisted_at, p.seller_suspended), p.stock,
           (SELECT i.file_key::text FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1)
      FROM products p
     WHERE p.id = ANY(p_ids)
  $$;
