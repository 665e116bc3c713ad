-- One shipment per seller of an order's lines, made as the lines are (order_items_shipments).
CREATE OR REPLACE TRIGGER order_items_shipments_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_items_shipments();
