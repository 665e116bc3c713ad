-- The worker's resized WebP copies of each product image (a card and a thumbnail), recorded once made.
-- Null until then, and the API answers the original's URL meanwhile.

-- AlterTable
ALTER TABLE "product_images" ADD COLUMN     "card_key" VARCHAR(255),
ADD COLUMN     "thumb_key" VARCHAR(255);
