-- Whether an order is an online order waiting for payment: placed online, not paid, neither settled nor cancelled.
-- Each such order holds one of its buyer's OPEN_ONLINE_ORDERS_MAX slots: the partial unique index
-- orders_open_online_slot_key is on this predicate, checkout's count and checkout_place_order call it. IMMUTABLE (it
-- reads only its arguments) so an index predicate may call it: changing it means rebuilding that index in a migration.
CREATE OR REPLACE FUNCTION order_awaits_payment(payment_method payment_method, payment_status order_payment_status,
                                                status order_status)
  RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN payment_method = 'online' AND payment_status = 'unpaid' AND status IN ('pending', 'cancel_requested');
