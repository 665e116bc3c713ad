-- CreateEnum
CREATE TYPE "ledger_kind" AS ENUM ('receipt', 'sale', 'sale_reversal', 'refund', 'payout', 'payout_reversal', 'adjustment');

-- CreateEnum
CREATE TYPE "ledger_account" AS ENUM ('razorpay_balance', 'cod_cash', 'seller_payable', 'commission_revenue', 'commission_gst', 'tcs_payable', 'tds_payable', 'mandi_sales', 'mandi_output_gst', 'buyer_funds', 'adjustments');

-- CreateEnum
CREATE TYPE "payout_status" AS ENUM ('awaiting_account', 'to_transfer', 'on_hold', 'scheduled', 'to_release', 'released', 'settled', 'to_reverse', 'reversed', 'cancelled', 'failed');

-- CreateEnum
CREATE TYPE "payout_method" AS ENUM ('payment_transfer', 'direct_transfer');

-- CreateEnum
CREATE TYPE "route_account_status" AS ENUM ('creating', 'activated', 'failed');

-- AlterEnum
ALTER TYPE "document_kind" ADD VALUE 'commission_invoice';

-- CreateTable
CREATE TABLE "ledger_transactions" (
    "id" SERIAL NOT NULL,
    "kind" "ledger_kind" NOT NULL,
    "source_key" VARCHAR(80) NOT NULL,
    "order_id" INTEGER,
    "seller_id" INTEGER,
    "invoice_id" INTEGER,
    "credit_note_id" INTEGER,
    "payout_id" INTEGER,
    "tds_base_paise" INTEGER NOT NULL DEFAULT 0,
    "financial_year" INTEGER NOT NULL,
    "reason" VARCHAR(500),
    "created_by" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "transaction_id" INTEGER NOT NULL,
    "account" "ledger_account" NOT NULL,
    "seller_id" INTEGER,
    "amount_paise" INTEGER NOT NULL,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seller_tax_years" (
    "seller_id" INTEGER NOT NULL,
    "financial_year" INTEGER NOT NULL,
    "gross_paise" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "seller_tax_years_pkey" PRIMARY KEY ("seller_id","financial_year")
);

-- CreateTable
CREATE TABLE "seller_payouts" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "seller_id" INTEGER NOT NULL,
    "sale_transaction_id" INTEGER NOT NULL,
    "amount_paise" INTEGER NOT NULL,
    "method" "payout_method" NOT NULL,
    "status" "payout_status" NOT NULL,
    "provider_payment_id" VARCHAR(64),
    "razorpay_transfer_id" VARCHAR(64),
    "reversed_paise" INTEGER NOT NULL DEFAULT 0,
    "settlement_id" VARCHAR(64),
    "utr" VARCHAR(64),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" VARCHAR(500),
    "leased_until" TIMESTAMPTZ(3),
    "transferred_at" TIMESTAMPTZ(3),
    "released_at" TIMESTAMPTZ(3),
    "settled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seller_payouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seller_route_accounts" (
    "user_id" INTEGER NOT NULL,
    "status" "route_account_status" NOT NULL DEFAULT 'creating',
    "razorpay_account_id" VARCHAR(64),
    "stakeholder_id" VARCHAR(64),
    "product_id" VARCHAR(64),
    "settle_after_hours" INTEGER,
    "last_error" VARCHAR(500),
    "leased_until" TIMESTAMPTZ(3),
    "activated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seller_route_accounts_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "seller_statements" (
    "id" SERIAL NOT NULL,
    "seller_id" INTEGER NOT NULL,
    "week_start" DATE NOT NULL,
    "opening_paise" INTEGER NOT NULL,
    "sales_net_paise" INTEGER NOT NULL,
    "paid_out_paise" INTEGER NOT NULL,
    "adjusted_paise" INTEGER NOT NULL,
    "closing_paise" INTEGER NOT NULL,
    "pdf_file_key" VARCHAR(255),
    "csv_file_key" VARCHAR(255),
    "mailed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seller_statements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "commission_invoices" (
    "id" SERIAL NOT NULL,
    "seller_id" INTEGER NOT NULL,
    "month_start" DATE NOT NULL,
    "number" VARCHAR(16) NOT NULL,
    "financial_year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "seller_name" VARCHAR(100) NOT NULL,
    "seller_address" VARCHAR(1000) NOT NULL,
    "seller_state" VARCHAR(100) NOT NULL,
    "seller_gstin_sealed" BYTEA,
    "commission_paise" INTEGER NOT NULL,
    "cgst_paise" INTEGER NOT NULL,
    "sgst_paise" INTEGER NOT NULL,
    "igst_paise" INTEGER NOT NULL,
    "total_paise" INTEGER NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pdf_file_key" VARCHAR(255),
    "mailed_at" TIMESTAMPTZ(3),

    CONSTRAINT "commission_invoices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_transactions_source_key_key" ON "ledger_transactions"("source_key");

-- CreateIndex
CREATE INDEX "ledger_transactions_seller_id_created_at_idx" ON "ledger_transactions"("seller_id", "created_at");

-- CreateIndex
CREATE INDEX "ledger_transactions_seller_id_kind_idx" ON "ledger_transactions"("seller_id", "kind");

-- CreateIndex
CREATE INDEX "ledger_transactions_order_id_idx" ON "ledger_transactions"("order_id");

-- CreateIndex
CREATE INDEX "ledger_transactions_payout_id_idx" ON "ledger_transactions"("payout_id");

-- CreateIndex
CREATE INDEX "ledger_entries_transaction_id_idx" ON "ledger_entries"("transaction_id");

-- CreateIndex
CREATE INDEX "ledger_entries_seller_id_account_idx" ON "ledger_entries"("seller_id", "account");

-- CreateIndex
CREATE UNIQUE INDEX "seller_payouts_sale_transaction_id_key" ON "seller_payouts"("sale_transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "seller_payouts_razorpay_transfer_id_key" ON "seller_payouts"("razorpay_transfer_id");

-- CreateIndex
CREATE INDEX "seller_payouts_seller_id_created_at_idx" ON "seller_payouts"("seller_id", "created_at");

-- CreateIndex
CREATE INDEX "seller_payouts_seller_id_status_amount_paise_idx" ON "seller_payouts"("seller_id", "status", "amount_paise");

-- CreateIndex
CREATE INDEX "seller_payouts_order_id_idx" ON "seller_payouts"("order_id");

-- CreateIndex
CREATE INDEX "seller_payouts_status_idx" ON "seller_payouts"("status");

-- CreateIndex
CREATE UNIQUE INDEX "seller_route_accounts_razorpay_account_id_key" ON "seller_route_accounts"("razorpay_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "seller_statements_seller_id_week_start_key" ON "seller_statements"("seller_id", "week_start");

-- CreateIndex
CREATE UNIQUE INDEX "commission_invoices_number_key" ON "commission_invoices"("number");

-- CreateIndex
CREATE UNIQUE INDEX "commission_invoices_seller_id_month_start_key" ON "commission_invoices"("seller_id", "month_start");

-- CreateIndex
CREATE UNIQUE INDEX "commission_invoices_financial_year_sequence_key" ON "commission_invoices"("financial_year", "sequence");

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_sale_transaction_id_fkey" FOREIGN KEY ("sale_transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seller_route_accounts" ADD CONSTRAINT "seller_route_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seller_statements" ADD CONSTRAINT "seller_statements_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commission_invoices" ADD CONSTRAINT "commission_invoices_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- A seller_payable entry names its seller, and only it does; no entry is zero (docs/ledger.md).
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_check"
  CHECK (("account" = 'seller_payable') = ("seller_id" IS NOT NULL));
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_check" CHECK ("amount_paise" <> 0);
-- An adjustment says why and who.
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_adjustment_check"
  CHECK ("kind" <> 'adjustment' OR ("reason" IS NOT NULL AND "created_by" IS NOT NULL));
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_amount_check"
  CHECK ("amount_paise" > 0 AND "reversed_paise" BETWEEN 0 AND "amount_paise");
ALTER TABLE "seller_route_accounts" ADD CONSTRAINT "seller_route_accounts_settle_after_check"
  CHECK ("settle_after_hours" BETWEEN 0 AND 720);
ALTER TABLE "commission_invoices" ADD CONSTRAINT "commission_invoices_amounts_check"
  CHECK ("commission_paise" >= 0 AND "total_paise" = "commission_paise" + "cgst_paise" + "sgst_paise" + "igst_paise");
