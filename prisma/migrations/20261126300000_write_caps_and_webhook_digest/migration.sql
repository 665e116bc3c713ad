-- Webhook events are de-duplicated on the digest of their signed body, no longer on the unsigned
-- X-Razorpay-Event-Id header, which anyone replaying a signed body can change. The header stays for tracing.
-- DropIndex
DROP INDEX "payment_provider_events_event_id_key";

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "open_slot" SMALLINT;

-- AlterTable
ALTER TABLE "payment_provider_events" ADD COLUMN     "body_sha256" CHAR(64);

-- CreateIndex
CREATE UNIQUE INDEX "payment_provider_events_body_sha256_key" ON "payment_provider_events"("body_sha256");

-- CreateIndex
CREATE INDEX "payment_provider_events_event_id_idx" ON "payment_provider_events"("event_id");

-- The cap on a buyer's online orders waiting for payment (libs/domain OPEN_ONLINE_ORDERS_MAX): each open one holds
-- a slot, unique per buyer while the order is open and unpaid. Once paid or settled it leaves the index by itself,
-- freeing its slot, so no code path that pays or cancels has to know about the cap.
UPDATE "orders" o SET "open_slot" = numbered.slot
  FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "id") AS slot
          FROM "orders"
         WHERE "payment_method" = 'online' AND "payment_status" = 'unpaid' AND "status" IN ('pending', 'cancel_requested')) numbered
 WHERE o."id" = numbered."id";

CREATE UNIQUE INDEX "orders_open_online_slot_key" ON "orders" ("user_id", "open_slot")
  WHERE "payment_method" = 'online' AND "payment_status" = 'unpaid' AND "status" IN ('pending', 'cancel_requested');
