-- Issue 29: which online orders await payment is one SQL function, order_awaits_payment (its current definition is
-- prisma/sql/functions/order_awaits_payment.sql, which the runner applies after the migrations). The partial unique
-- index of the open-order slots is rebuilt on it, so the index, checkout's count and checkout_place_order all call the
-- one rule. The function is created here too because the index needs it before the runner applies the files.
-- Same predicate, same rows: the index holds the same entries as before.
CREATE OR REPLACE FUNCTION order_awaits_payment(payment_method payment_method, payment_status order_payment_status,
                                                status order_status)
  RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN payment_method = 'online' AND payment_status = 'unpaid' AND status IN ('pending', 'cancel_requested');

DROP INDEX "orders_open_online_slot_key";

CREATE UNIQUE INDEX "orders_open_online_slot_key" ON "orders" ("user_id", "open_slot")
  WHERE order_awaits_payment("payment_method", "payment_status", "status");
