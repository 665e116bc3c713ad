-- Whether a product with `stock` packs left (null: unlimited) can give `quantity` packs: hasStockFor of
-- libs/domain/src/products/product.stock.ts, which the cart and the forms use. checkout_place_order calls it for its
-- short lines, and the listing's 'in stock' filter (browseConditions of apps/api/src/products) for one pack.
CREATE OR REPLACE FUNCTION stock_covers(stock integer, quantity integer)
  RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN stock IS NULL OR stock >= quantity;
