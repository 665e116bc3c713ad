-- Issue 31: documents in the seller's name (docs/invoices.md, "Suppliers"). An order gets one invoice (or bill of
-- supply) per supplier of its lines: Mandi's own, and each approved seller's in their own series; a credit note
-- reverses each. The supplier's series key is 'mandi' or 'seller-<user id>'; documents issued before are Mandi's and
-- cover every line of their order.
-- DropIndex
DROP INDEX "credit_notes_financial_year_sequence_key";

-- DropIndex
DROP INDEX "credit_notes_number_key";

-- DropIndex
DROP INDEX "invoices_financial_year_sequence_key";

-- DropIndex
DROP INDEX "invoices_number_key";

-- DropIndex
DROP INDEX "invoices_order_id_key";

-- AlterTable
ALTER TABLE "credit_notes" ADD COLUMN     "seller_id" INTEGER,
ADD COLUMN     "supplier_key" VARCHAR(24) NOT NULL DEFAULT 'mandi';

-- AlterTable
ALTER TABLE "document_sequences" DROP CONSTRAINT "document_sequences_pkey",
ADD COLUMN     "supplier_key" VARCHAR(24) NOT NULL DEFAULT 'mandi',
ADD CONSTRAINT "document_sequences_pkey" PRIMARY KEY ("kind", "supplier_key", "financial_year");

-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "order_item_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "seller_id" INTEGER,
ADD COLUMN     "supplier_address" VARCHAR(1000),
ADD COLUMN     "supplier_gstin_sealed" BYTEA,
ADD COLUMN     "supplier_key" VARCHAR(24) NOT NULL DEFAULT 'mandi',
ADD COLUMN     "supplier_name" VARCHAR(100),
ADD COLUMN     "supplier_state" VARCHAR(100),
ADD COLUMN     "tcs_cgst_paise" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tcs_igst_paise" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tcs_sgst_paise" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "credit_notes_seller_id_issued_at_idx" ON "credit_notes"("seller_id", "issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_supplier_key_number_key" ON "credit_notes"("supplier_key", "number");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_supplier_key_financial_year_sequence_key" ON "credit_notes"("supplier_key", "financial_year", "sequence");

-- CreateIndex
CREATE INDEX "invoices_seller_id_issued_at_idx" ON "invoices"("seller_id", "issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_order_id_supplier_key_key" ON "invoices"("order_id", "supplier_key");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_supplier_key_number_key" ON "invoices"("supplier_key", "number");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_supplier_key_financial_year_sequence_key" ON "invoices"("supplier_key", "financial_year", "sequence");

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Documents issued before covered the whole order.
UPDATE "invoices" i SET "order_item_ids" = coalesce((SELECT array_agg(oi.id ORDER BY oi.id) FROM "order_items" oi WHERE oi.order_id = i.order_id), '{}');

-- The series key names the seller exactly when there is one.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_supplier_key_check"
  CHECK ("supplier_key" = CASE WHEN "seller_id" IS NULL THEN 'mandi' ELSE 'seller-' || "seller_id" END);
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_supplier_key_check"
  CHECK ("supplier_key" = CASE WHEN "seller_id" IS NULL THEN 'mandi' ELSE 'seller-' || "seller_id" END);
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_supplier_key_check"
  CHECK ("supplier_key" ~ '^(mandi|seller-[1-9][0-9]*)$');
-- TCS is never negative on a document; a credit note reverses its invoice's.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tcs_check"
  CHECK ("tcs_cgst_paise" >= 0 AND "tcs_sgst_paise" >= 0 AND "tcs_igst_paise" >= 0);
