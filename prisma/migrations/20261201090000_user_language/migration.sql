-- Issue 18: the language a user's mails and documents are written in, saved by the storefront when the user switches
-- (PUT /api/account/language), and the language each invoice and credit note was printed in: the buyer's at the
-- moment it was issued, so a document printed again (a render retried after a crash) reads the same.
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "language" VARCHAR(8) NOT NULL DEFAULT 'en';

-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "language" VARCHAR(8) NOT NULL DEFAULT 'en';

-- AlterTable
ALTER TABLE "credit_notes" ADD COLUMN     "language" VARCHAR(8) NOT NULL DEFAULT 'en';

-- The languages Mandi speaks (LANGUAGES of libs/domain), by hand: the schema cannot say it.
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IN ('en', 'hi'));
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_language_check" CHECK ("language" IN ('en', 'hi'));
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_language_check" CHECK ("language" IN ('en', 'hi'));
