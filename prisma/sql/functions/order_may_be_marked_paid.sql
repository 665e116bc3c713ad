-- Whether an admin may mark an order paid (a cash-on-delivery order whose cash came in): not paid already and not
-- cancelled. checkMarkPaid of libs/domain/src/orders/order.transitions.ts is the same rule with its refusals' texts,
-- and the mark-paid statement of apps/api/src/orders/admin-orders.repository.ts calls this one. (A captured online
-- payment pays a cancelled order too: the money came in, and its refund follows.)
CREATE OR REPLACE FUNCTION order_may_be_marked_paid(payment_status order_payment_status, status order_status)
  RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN payment_status = 'unpaid' AND status <> 'cancelled';
