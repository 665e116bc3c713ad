-- CreateEnum
CREATE TYPE "ondc_direction" AS ENUM ('inbound', 'outbound');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "ledger_account" ADD VALUE 'network_receivable';
ALTER TYPE "ledger_account" ADD VALUE 'finder_fees';

-- AlterEnum
ALTER TYPE "payment_provider" ADD VALUE 'ondc';

-- CreateTable
CREATE TABLE "ondc_calls" (
    "id" BIGSERIAL NOT NULL,
    "direction" "ondc_direction" NOT NULL,
    "action" VARCHAR(20) NOT NULL,
    "transaction_id" VARCHAR(100) NOT NULL,
    "message_id" VARCHAR(100) NOT NULL,
    "bap_id" VARCHAR(255) NOT NULL,
    "bap_uri" VARCHAR(500) NOT NULL,
    "body" JSONB NOT NULL,
    "reply_to_id" BIGINT,
    "unsolicited_key" VARCHAR(200),
    "ack_status" VARCHAR(4),
    "error_code" VARCHAR(10),
    "error_message" VARCHAR(500),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "due_by" TIMESTAMPTZ(3),
    "answered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "order_id" INTEGER,

    CONSTRAINT "ondc_calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ondc_orders" (
    "order_id" INTEGER NOT NULL,
    "transaction_id" VARCHAR(100) NOT NULL,
    "ondc_order_id" VARCHAR(100) NOT NULL,
    "bap_id" VARCHAR(255) NOT NULL,
    "bap_uri" VARCHAR(500) NOT NULL,
    "payment_type" VARCHAR(20) NOT NULL,
    "collected_by" VARCHAR(3) NOT NULL,
    "finder_fee_type" VARCHAR(10) NOT NULL,
    "finder_fee_value" VARCHAR(20) NOT NULL,
    "finder_fee_paise" INTEGER NOT NULL,
    "cancel_reason_code" VARCHAR(3),
    "cancelled_by" VARCHAR(12),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ondc_orders_pkey" PRIMARY KEY ("order_id")
);

-- CreateTable
CREATE TABLE "ondc_catalog_subscriptions" (
    "id" SERIAL NOT NULL,
    "bap_id" VARCHAR(255) NOT NULL,
    "bap_uri" VARCHAR(500) NOT NULL,
    "transaction_id" VARCHAR(100) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stopped_at" TIMESTAMPTZ(3),

    CONSTRAINT "ondc_catalog_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ondc_calls_reply_to_id_key" ON "ondc_calls"("reply_to_id");

-- CreateIndex
CREATE UNIQUE INDEX "ondc_calls_unsolicited_key_key" ON "ondc_calls"("unsolicited_key");

-- CreateIndex
CREATE INDEX "ondc_calls_transaction_id_created_at_idx" ON "ondc_calls"("transaction_id", "created_at");

-- CreateIndex
CREATE INDEX "ondc_calls_created_at_id_idx" ON "ondc_calls"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "ondc_calls_order_id_idx" ON "ondc_calls"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "ondc_calls_direction_bap_id_action_message_id_key" ON "ondc_calls"("direction", "bap_id", "action", "message_id");

-- CreateIndex
CREATE UNIQUE INDEX "ondc_orders_transaction_id_key" ON "ondc_orders"("transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "ondc_orders_ondc_order_id_key" ON "ondc_orders"("ondc_order_id");

-- CreateIndex
CREATE INDEX "ondc_orders_created_at_order_id_idx" ON "ondc_orders"("created_at" DESC, "order_id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "ondc_catalog_subscriptions_bap_id_bap_uri_key" ON "ondc_catalog_subscriptions"("bap_id", "bap_uri");

-- AddForeignKey
ALTER TABLE "ondc_calls" ADD CONSTRAINT "ondc_calls_reply_to_id_fkey" FOREIGN KEY ("reply_to_id") REFERENCES "ondc_calls"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ondc_calls" ADD CONSTRAINT "ondc_calls_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ondc_orders" ADD CONSTRAINT "ondc_orders_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

