-- Issue 32: Mandi's commission as rules (docs/commissions.md): one per product category, one per seller overriding
-- every category for them; fixed onto each order line when it is written (the order_items_commission trigger).
-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "commission_basis_points" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "commission_fixed_paise" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "commission_paise" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "commission_rules" (
    "id" SERIAL NOT NULL,
    "category" "product_category",
    "seller_id" INTEGER,
    "percent_basis_points" INTEGER NOT NULL,
    "fixed_fee_paise" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" INTEGER,

    CONSTRAINT "commission_rules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "commission_rules_category_key" ON "commission_rules"("category");

-- CreateIndex
CREATE UNIQUE INDEX "commission_rules_seller_id_key" ON "commission_rules"("seller_id");

-- AddForeignKey
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_updated_by_fkey" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Exactly one of a category and a seller; a percentage and a fee the console can set (COMMISSION_LIMITS of libs/domain
-- are the stricter ones a request is held to).
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_scope_check"
  CHECK (("category" IS NULL) <> ("seller_id" IS NULL));
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_amounts_check"
  CHECK ("percent_basis_points" BETWEEN 0 AND 10000 AND "fixed_fee_paise" BETWEEN 0 AND 100000);
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_commission_check"
  CHECK ("commission_basis_points" >= 0 AND "commission_fixed_paise" >= 0 AND "commission_paise" >= 0);

-- The starting rules: 5% on fresh vegetables and fruits (perishable, thin margins), 8% on everything else, no fee.
INSERT INTO "commission_rules" ("category", "percent_basis_points")
SELECT c, CASE WHEN c IN ('fresh_produce', 'fresh_fruits') THEN 500 ELSE 800 END
  FROM unnest(enum_range(NULL::"product_category")) AS c;
