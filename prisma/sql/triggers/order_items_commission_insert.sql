-- Mandi's commission fixed onto each order line as it is written (order_items_commission).
CREATE OR REPLACE TRIGGER order_items_commission_insert BEFORE INSERT ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_commission();
