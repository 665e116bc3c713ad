-- The first migration: the whole data model of both specification documents.
-- Written by `prisma migrate diff --from-empty --to-schema-datamodel prisma/schema.prisma --script`,
-- plus, by hand, what schema.prisma cannot express: the extensions (top) and the CHECK constraints
-- and partial indexes (bottom). Keep semicolons out of comments: Prisma's shadow database splits
-- a migration on every semicolon.

-- citext: case-insensitive usernames and e-mails. pg_trgm: trigram indexes for product search.
CREATE EXTENSION IF NOT EXISTS "citext";
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "user_role" AS ENUM ('user', 'admin');

-- CreateEnum
CREATE TYPE "user_status" AS ENUM ('active', 'suspended');

-- CreateEnum
CREATE TYPE "product_category" AS ENUM ('fresh_produce', 'fresh_fruits', 'cereals', 'pulses', 'flour', 'ghee_butter', 'spices', 'edible_oils', 'honey', 'jaggery', 'pickles_preserves', 'seeds');

-- CreateEnum
CREATE TYPE "order_status" AS ENUM ('pending', 'confirmed', 'shipped', 'delivered', 'cancel_requested', 'cancelled');

-- CreateEnum
CREATE TYPE "payment_method" AS ENUM ('online', 'cod');

-- CreateEnum
CREATE TYPE "order_payment_status" AS ENUM ('paid', 'unpaid');

-- CreateEnum
CREATE TYPE "payment_provider" AS ENUM ('razorpay', 'cod');

-- CreateEnum
CREATE TYPE "payment_status" AS ENUM ('created', 'captured', 'failed', 'refunded');

-- CreateEnum
CREATE TYPE "refund_status" AS ENUM ('pending', 'processed', 'failed');

-- CreateEnum
CREATE TYPE "invoice_kind" AS ENUM ('tax_invoice', 'bill_of_supply');

-- CreateEnum
CREATE TYPE "document_kind" AS ENUM ('invoice', 'credit_note');

-- CreateEnum
CREATE TYPE "interested_seller_status" AS ENUM ('interested', 'invited', 'onboarded');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "firebase_uid" VARCHAR(128) NOT NULL,
    "username" CITEXT NOT NULL,
    "email" CITEXT NOT NULL,
    "role" "user_role" NOT NULL DEFAULT 'user',
    "status" "user_status" NOT NULL DEFAULT 'active',
    "agreed_to_terms" BOOLEAN NOT NULL DEFAULT false,
    "agreed_at" TIMESTAMPTZ(3),
    "ip_address" VARCHAR(45),
    "terms_version" VARCHAR(16),
    "last_login_at" TIMESTAMPTZ(3),
    "last_login_ip" VARCHAR(45),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "profiles" (
    "user_id" INTEGER NOT NULL,
    "full_name" VARCHAR(50),
    "bio" VARCHAR(200),
    "city" VARCHAR(30),
    "profile_image" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "profiles_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "products" (
    "id" SERIAL NOT NULL,
    "seller_id" INTEGER NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "description" VARCHAR(500) NOT NULL,
    "price_paise" INTEGER NOT NULL,
    "original_price_paise" INTEGER,
    "valid_until" TIMESTAMPTZ(3) NOT NULL,
    "seller_phone" VARCHAR(10) NOT NULL,
    "seller_email" VARCHAR(254),
    "weight_grams" INTEGER,
    "length_mm" INTEGER,
    "width_mm" INTEGER,
    "height_mm" INTEGER,
    "official_brand" BOOLEAN NOT NULL DEFAULT false,
    "category" "product_category" NOT NULL DEFAULT 'fresh_produce',
    "pre_packaged" BOOLEAN NOT NULL DEFAULT false,
    "request_id" VARCHAR(64),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_images" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "file_key" VARCHAR(255) NOT NULL,
    "content_type" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "product_images_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_words" (
    "word" VARCHAR(64) NOT NULL,
    "product_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "search_words_pkey" PRIMARY KEY ("word")
);

-- CreateTable
CREATE TABLE "synonyms" (
    "term" VARCHAR(64) NOT NULL,
    "canonical" VARCHAR(64) NOT NULL,

    CONSTRAINT "synonyms_pkey" PRIMARY KEY ("term")
);

-- CreateTable
CREATE TABLE "cart_items" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cart_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "addresses" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "mobile" VARCHAR(10) NOT NULL,
    "state" VARCHAR(100) NOT NULL,
    "district" VARCHAR(100) NOT NULL,
    "taluk" VARCHAR(100) NOT NULL,
    "flat_house_building" VARCHAR(255) NOT NULL,
    "area_or_street_or_village" VARCHAR(255) NOT NULL,
    "landmark" VARCHAR(200) NOT NULL,
    "pincode" CHAR(6) NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "status" "order_status" NOT NULL DEFAULT 'pending',
    "payment_method" "payment_method" NOT NULL,
    "payment_status" "order_payment_status" NOT NULL DEFAULT 'unpaid',
    "subtotal_paise" INTEGER NOT NULL,
    "shipping_paise" INTEGER NOT NULL,
    "total_paise" INTEGER NOT NULL,
    "total_weight_grams" INTEGER NOT NULL,
    "address_id" INTEGER,
    "address_name" VARCHAR(50) NOT NULL,
    "address_mobile" VARCHAR(10) NOT NULL,
    "address_flat_house_building" VARCHAR(255) NOT NULL,
    "address_area_or_street_or_village" VARCHAR(255) NOT NULL,
    "address_landmark" VARCHAR(200) NOT NULL,
    "address_taluk" VARCHAR(100) NOT NULL,
    "address_district" VARCHAR(100) NOT NULL,
    "address_state" VARCHAR(100) NOT NULL,
    "address_pincode" CHAR(6) NOT NULL,
    "cancel_reason" VARCHAR(500),
    "cancel_requested_at" TIMESTAMPTZ(3),
    "confirmed_at" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "shipped_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_items" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "product_id" INTEGER,
    "seller_id" INTEGER,
    "product_name" VARCHAR(50) NOT NULL,
    "image_key" VARCHAR(255),
    "unit_price_paise" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "weight_grams" INTEGER NOT NULL,
    "category" "product_category" NOT NULL,
    "hsn_code" VARCHAR(8) NOT NULL,
    "gst_rate_percent" INTEGER NOT NULL,

    CONSTRAINT "order_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "provider" "payment_provider" NOT NULL,
    "provider_order_id" VARCHAR(64),
    "provider_payment_id" VARCHAR(64),
    "amount_paise" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL DEFAULT 'INR',
    "status" "payment_status" NOT NULL DEFAULT 'created',
    "signature_verified" BOOLEAN NOT NULL DEFAULT false,
    "method" VARCHAR(32),
    "error_code" VARCHAR(64),
    "error_description" VARCHAR(500),
    "captured_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" SERIAL NOT NULL,
    "payment_id" INTEGER NOT NULL,
    "provider_refund_id" VARCHAR(64),
    "amount_paise" INTEGER NOT NULL,
    "status" "refund_status" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "processed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_provider_events" (
    "id" BIGSERIAL NOT NULL,
    "provider" VARCHAR(16) NOT NULL,
    "event_id" VARCHAR(128) NOT NULL,
    "type" VARCHAR(64) NOT NULL,
    "payload" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),

    CONSTRAINT "payment_provider_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "kind" "invoice_kind" NOT NULL,
    "number" VARCHAR(16) NOT NULL,
    "financial_year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "place_of_supply" VARCHAR(100) NOT NULL,
    "taxable_paise" INTEGER NOT NULL,
    "exempt_paise" INTEGER NOT NULL,
    "cgst_paise" INTEGER NOT NULL,
    "sgst_paise" INTEGER NOT NULL,
    "igst_paise" INTEGER NOT NULL,
    "shipping_paise" INTEGER NOT NULL,
    "total_paise" INTEGER NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pdf_file_key" VARCHAR(255),

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_notes" (
    "id" SERIAL NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "order_id" INTEGER NOT NULL,
    "number" VARCHAR(16) NOT NULL,
    "financial_year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "total_paise" INTEGER NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pdf_file_key" VARCHAR(255),

    CONSTRAINT "credit_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_sequences" (
    "kind" "document_kind" NOT NULL,
    "financial_year" INTEGER NOT NULL,
    "last_value" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "document_sequences_pkey" PRIMARY KEY ("kind","financial_year")
);

-- CreateTable
CREATE TABLE "interested_sellers" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "username" VARCHAR(100) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "status" "interested_seller_status" NOT NULL DEFAULT 'interested',
    "interest_date" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "invite_sent" BOOLEAN NOT NULL DEFAULT false,
    "invited_at" TIMESTAMPTZ(3),
    "onboarded_at" TIMESTAMPTZ(3),

    CONSTRAINT "interested_sellers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "message" VARCHAR(5000) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pincodes" (
    "id" SERIAL NOT NULL,
    "pincode" CHAR(6) NOT NULL,
    "office_name" VARCHAR(100) NOT NULL,
    "state" VARCHAR(100) NOT NULL,
    "district" VARCHAR(100) NOT NULL,
    "taluk" VARCHAR(100) NOT NULL,

    CONSTRAINT "pincodes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" BIGSERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "aggregate_id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_events" (
    "event_id" BIGINT NOT NULL,
    "handler" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("event_id","handler")
);

-- CreateTable
CREATE TABLE "failed_jobs" (
    "id" BIGSERIAL NOT NULL,
    "queue" TEXT NOT NULL,
    "job_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "error" TEXT NOT NULL,
    "attempts_made" INTEGER NOT NULL,
    "failed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "failed_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_firebase_uid_key" ON "users"("firebase_uid");

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_created_at_idx" ON "users"("created_at" DESC);

-- CreateIndex
CREATE INDEX "products_seller_id_created_at_idx" ON "products"("seller_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "products_created_at_id_idx" ON "products"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "products_official_brand_created_at_idx" ON "products"("official_brand", "created_at" DESC);

-- CreateIndex
CREATE INDEX "products_name_trgm_idx" ON "products" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "products_seller_id_request_id_key" ON "products"("seller_id", "request_id");

-- CreateIndex
CREATE UNIQUE INDEX "product_images_product_id_position_key" ON "product_images"("product_id", "position");

-- CreateIndex
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING GIN ("word" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "synonyms_canonical_idx" ON "synonyms"("canonical");

-- CreateIndex
CREATE INDEX "cart_items_product_id_idx" ON "cart_items"("product_id");

-- CreateIndex
CREATE UNIQUE INDEX "cart_items_user_id_product_id_key" ON "cart_items"("user_id", "product_id");

-- CreateIndex
CREATE INDEX "addresses_user_id_is_deleted_created_at_idx" ON "addresses"("user_id", "is_deleted", "created_at");

-- CreateIndex
CREATE INDEX "orders_user_id_created_at_idx" ON "orders"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "orders_created_at_idx" ON "orders"("created_at" DESC);

-- CreateIndex
CREATE INDEX "orders_status_created_at_idx" ON "orders"("status", "created_at");

-- CreateIndex
CREATE INDEX "orders_address_id_idx" ON "orders"("address_id");

-- CreateIndex
CREATE INDEX "order_items_order_id_idx" ON "order_items"("order_id");

-- CreateIndex
CREATE INDEX "order_items_product_id_idx" ON "order_items"("product_id");

-- CreateIndex
CREATE INDEX "order_items_seller_id_idx" ON "order_items"("seller_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_order_id_key" ON "payments"("provider_order_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_payment_id_key" ON "payments"("provider_payment_id");

-- CreateIndex
CREATE INDEX "payments_order_id_idx" ON "payments"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_payment_id_key" ON "refunds"("payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_provider_refund_id_key" ON "refunds"("provider_refund_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_provider_events_event_id_key" ON "payment_provider_events"("event_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_order_id_key" ON "invoices"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"("number");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_financial_year_sequence_key" ON "invoices"("financial_year", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_invoice_id_key" ON "credit_notes"("invoice_id");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes"("number");

-- CreateIndex
CREATE INDEX "credit_notes_order_id_idx" ON "credit_notes"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_financial_year_sequence_key" ON "credit_notes"("financial_year", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "interested_sellers_user_id_key" ON "interested_sellers"("user_id");

-- CreateIndex
CREATE INDEX "interested_sellers_interest_date_idx" ON "interested_sellers"("interest_date" DESC);

-- CreateIndex
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages"("created_at" DESC);

-- CreateIndex
CREATE INDEX "pincodes_pincode_idx" ON "pincodes"("pincode");

-- AddForeignKey
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interested_sellers" ADD CONSTRAINT "interested_sellers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- ---------------------------------------------------------------------------------------------
-- Written by hand
-- ---------------------------------------------------------------------------------------------

-- Limits of both specification documents that no code path may bypass.
ALTER TABLE "products" ADD CONSTRAINT "products_price_paise_check" CHECK ("price_paise" > 0);
ALTER TABLE "products" ADD CONSTRAINT "products_original_price_paise_check" CHECK ("original_price_paise" > 0);
ALTER TABLE "products" ADD CONSTRAINT "products_weight_grams_check" CHECK ("weight_grams" > 0);
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions_check" CHECK ("length_mm" > 0 AND "width_mm" > 0 AND "height_mm" > 0);
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_position_check" CHECK ("position" BETWEEN 0 AND 3);
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_quantity_check" CHECK ("quantity" BETWEEN 1 AND 15);
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quantity_check" CHECK ("quantity" BETWEEN 1 AND 15);
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_amounts_check" CHECK ("unit_price_paise" >= 0 AND "weight_grams" >= 0 AND "gst_rate_percent" BETWEEN 0 AND 100);
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("subtotal_paise" >= 0 AND "shipping_paise" >= 0 AND "total_weight_grams" >= 0);
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_paise_check" CHECK ("total_paise" = "subtotal_paise" + "shipping_paise");
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_paise_check" CHECK ("amount_paise" > 0);
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_paise_check" CHECK ("amount_paise" > 0 AND "attempts" >= 0);
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sequence_check" CHECK ("sequence" > 0);
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_sequence_check" CHECK ("sequence" > 0);
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_last_value_check" CHECK ("last_value" >= 0);

-- At most one default address per user among the addresses not deleted.
CREATE UNIQUE INDEX "addresses_one_default_per_user_key" ON "addresses" ("user_id") WHERE "is_default" AND NOT "is_deleted";

-- The relay reads unpublished outbox rows in id order. Once published a row leaves this index.
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" ("id") WHERE "published_at" IS NULL;

-- The 8-hour deadline sweep looks only at orders still waiting for a decision.
CREATE INDEX "orders_awaiting_decision_idx" ON "orders" ("created_at") WHERE "status" IN ('pending', 'cancel_requested');

-- Webhook events not yet applied, for the retry of a failed processing.
CREATE INDEX "payment_provider_events_unprocessed_idx" ON "payment_provider_events" ("received_at") WHERE "processed_at" IS NULL;
