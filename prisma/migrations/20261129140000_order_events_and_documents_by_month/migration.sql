-- Issue 17. The console's order page reads an order's events out of the outbox by the order id every order, payment,
-- refund and document event carries in its payload: an expression index, so that read does not scan 30 days of events.
CREATE INDEX "outbox_events_order_id_idx" ON "outbox_events" (("payload" ->> 'orderId'));

-- GSTR-1 reads the documents issued in one month.
CREATE INDEX "invoices_issued_at_idx" ON "invoices" ("issued_at");
CREATE INDEX "credit_notes_issued_at_idx" ON "credit_notes" ("issued_at");
