-- Issue 31: one shipment per seller of an order (that seller's lines), which the seller packs and hands over
-- (docs/shipments.md). A layer below the order's status: checkout creates them with the order, the cancelling moves
-- cancel them, and handing over the last one of a confirmed order moves the order to shipped.
CREATE TYPE "shipment_status" AS ENUM ('to_pack', 'packed', 'handed_over', 'cancelled');

CREATE TABLE "shipments" (
  "id" SERIAL NOT NULL,
  "order_id" INTEGER NOT NULL,
  "seller_id" INTEGER NOT NULL,
  "status" "shipment_status" NOT NULL DEFAULT 'to_pack',
  "carrier" VARCHAR(60),
  "tracking_number" VARCHAR(40),
  "self_delivery" BOOLEAN NOT NULL DEFAULT false,
  "packed_at" TIMESTAMPTZ(3),
  "handed_over_at" TIMESTAMPTZ(3),
  "cancelled_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),

  CONSTRAINT "shipments_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "shipments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "shipments_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  -- Handed over means to a courier with its tracking number, or by the seller themself with neither.
  CONSTRAINT "shipments_hand_over" CHECK (
    "status" <> 'handed_over'
    OR ("self_delivery" AND "carrier" IS NULL AND "tracking_number" IS NULL)
    OR (NOT "self_delivery" AND "carrier" IS NOT NULL AND "tracking_number" IS NOT NULL))
);

CREATE UNIQUE INDEX "shipments_order_id_seller_id_key" ON "shipments" ("order_id", "seller_id");
CREATE INDEX "shipments_seller_id_status_idx" ON "shipments" ("seller_id", "status");

-- Orders placed before: one shipment per seller, in the state the order's own is in (shipped and delivered orders
-- were handed over by Mandi's courier, whose name and tracking number were never recorded: self_delivery stands for
-- "not recorded here" on those old rows).
INSERT INTO "shipments" ("order_id", "seller_id", "status", "self_delivery", "handed_over_at", "cancelled_at", "created_at")
SELECT o.id, i.seller_id,
       CASE WHEN o.status IN ('shipped', 'delivered') THEN 'handed_over'::shipment_status
            WHEN o.status = 'cancelled' THEN 'cancelled'::shipment_status
            ELSE 'to_pack'::shipment_status END,
       o.status IN ('shipped', 'delivered'),
       CASE WHEN o.status IN ('shipped', 'delivered') THEN coalesce(o.shipped_at, o.updated_at) END,
       CASE WHEN o.status = 'cancelled' THEN coalesce(o.cancelled_at, o.updated_at) END,
       o.created_at
  FROM orders o JOIN (SELECT DISTINCT order_id, seller_id FROM order_items) i ON i.order_id = o.id;
