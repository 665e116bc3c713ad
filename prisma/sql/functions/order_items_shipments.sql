-- Every order holds one shipment per seller of its lines (docs/shipments.md): the function of the trigger
-- order_items_shipments_insert, so checkout, the seed, the benches and the tests' factories all get the parts from
-- the one rule. Statement-level with a transition table: an order's lines inserted together make each part once.
-- A part starts in the state its order is in (as the migration 20261214090000_shipments filled in the orders before
-- it): to pack, handed over for an order already shipped or delivered (courier not recorded here), cancelled with a
-- cancelled order. In order id and seller id order, so two inserts never lock parts in opposite orders.
CREATE OR REPLACE FUNCTION order_items_shipments()
  RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO shipments (order_id, seller_id, status, self_delivery, handed_over_at, cancelled_at)
  SELECT o.id, a.seller_id,
         CASE WHEN o.status IN ('shipped', 'delivered') THEN 'handed_over'::shipment_status
              WHEN o.status = 'cancelled' THEN 'cancelled'::shipment_status
              ELSE 'to_pack'::shipment_status END,
         o.status IN ('shipped', 'delivered'),
         CASE WHEN o.status IN ('shipped', 'delivered') THEN coalesce(o.shipped_at, now()) END,
         CASE WHEN o.status = 'cancelled' THEN coalesce(o.cancelled_at, now()) END
    FROM (SELECT DISTINCT order_id, seller_id FROM new_items WHERE seller_id IS NOT NULL) a
    JOIN orders o ON o.id = a.order_id
   ORDER BY o.id, a.seller_id
  ON CONFLICT (order_id, seller_id) DO NOTHING;
  RETURN NULL;
END;
$$;
