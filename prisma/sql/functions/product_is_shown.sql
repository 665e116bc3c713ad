-- Whether the shop shows a product (issue 17): not unlisted by an admin, and its seller not suspended
-- (seller_suspended is kept by the statement that suspends or unsuspends the account). Every query that serves
-- buyers calls it (productVisibleSql of apps/api/src/products), and so do search_names' trigger and checkout.
-- A one-expression SQL function: PostgreSQL inlines it, so a WHERE clause that calls it plans as the expression.
CREATE OR REPLACE FUNCTION product_is_shown(unlisted_at timestamptz, seller_suspended boolean)
  RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN unlisted_at IS NULL AND NOT seller_suspended;
