-- Issue 30: an order's stock update is a HOT update again. PostgreSQL updates a row in place, writing none of its
-- indexes, only when no indexed column changes and the page has room. The console's sort by stock indexed the stock
-- itself (products_stock_id_idx), so every order wrote all 16 indexes of each product it took stock from.
--
-- The console now sorts and filters by stock through stock_band, kept by PostgreSQL from the stock: the stock itself
-- up to 16 packs (0 is none left), then bands an eighth wider each (17-20, 21-23 ... up to 103,100 and more, past
-- STOCK_LIMITS.max), null for unlimited stock. libs/domain's stockBand is the same rule, and
-- apps/api/test/admin-products.spec.ts holds the two equal. A band moves only when the stock crosses into the next,
-- so above 16 packs an order's update leaves it and every index alone. The list walks the band's index and sorts the
-- few products of a wide band by their stock (docs/console.md).
--
-- fillfactor 85 leaves room in each page for the new versions of its rows, so an update stays on its page.

-- DropIndex
DROP INDEX "products_stock_id_idx";

-- AlterTable
ALTER TABLE "products" ADD COLUMN "stock_band" SMALLINT GENERATED ALWAYS AS (
  width_bucket("stock", '{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,21,24,27,31,35,40,45,51,58,66,75,85,96,108,122,138,156,176,198,223,251,283,319,359,404,455,512,576,648,729,821,924,1040,1170,1317,1482,1668,1877,2112,2376,2673,3008,3384,3807,4283,4819,5422,6100,6863,7721,8687,9773,10995,12370,13917,15657,17615,19817,22295,25082,28218,31746,35715,40180,45203,50854,57211,64363,72409,81461,91644,103100}'::integer[])
) STORED;

-- CreateIndex
CREATE INDEX "products_stock_band_id_idx" ON "products"("stock_band", "id");

ALTER TABLE "products" SET (fillfactor = 85);
