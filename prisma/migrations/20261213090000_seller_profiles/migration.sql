-- Issue 31: a seller's business profile (KYC), one per user, and its review by an admin. PAN, GSTIN and the bank
-- account number are sealed (AES-256-GCM with SELLER_DATA_KEY, libs/database's SealedText); each keeps its last four
-- characters beside it for masked answers. The IFSC and the FSSAI number are public registers' numbers and stay plain.
CREATE TYPE "business_kind" AS ENUM ('individual_farmer', 'farmer_producer_organisation', 'proprietor', 'company');
CREATE TYPE "seller_review_status" AS ENUM ('pending', 'approved', 'rejected');

CREATE TABLE "seller_profiles" (
  "user_id" INTEGER NOT NULL,
  "legal_name" VARCHAR(100) NOT NULL,
  "business_kind" "business_kind" NOT NULL,
  "pan_sealed" BYTEA NOT NULL,
  "pan_last4" VARCHAR(4) NOT NULL,
  "gstin_sealed" BYTEA,
  "gstin_last4" VARCHAR(4),
  "fssai_number" VARCHAR(14),
  "pickup_name" VARCHAR(50) NOT NULL,
  "pickup_mobile" VARCHAR(10) NOT NULL,
  "pickup_flat_house_building" VARCHAR(255) NOT NULL,
  "pickup_area_or_street_or_village" VARCHAR(255) NOT NULL,
  "pickup_landmark" VARCHAR(200) NOT NULL,
  "pickup_taluk" VARCHAR(100) NOT NULL,
  "pickup_district" VARCHAR(100) NOT NULL,
  "pickup_state" VARCHAR(100) NOT NULL,
  "pickup_pincode" CHAR(6) NOT NULL,
  "bank_account_holder" VARCHAR(100) NOT NULL,
  "bank_account_sealed" BYTEA NOT NULL,
  "bank_account_last4" VARCHAR(4) NOT NULL,
  "ifsc" CHAR(11) NOT NULL,
  "bank_name" VARCHAR(200) NOT NULL,
  "status" "seller_review_status" NOT NULL DEFAULT 'pending',
  "rejection_reason" VARCHAR(500),
  "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "reviewed_at" TIMESTAMPTZ(3),
  "reviewed_by" INTEGER,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),

  CONSTRAINT "seller_profiles_pkey" PRIMARY KEY ("user_id"),
  CONSTRAINT "seller_profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "seller_profiles_reviewed_by_fkey" FOREIGN KEY ("reviewed_by") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  -- A GSTIN is given whole or not at all; a rejection always says why, and only a rejection has a reason.
  CONSTRAINT "seller_profiles_gstin_whole" CHECK (("gstin_sealed" IS NULL) = ("gstin_last4" IS NULL)),
  CONSTRAINT "seller_profiles_rejection_reason" CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL)),
  CONSTRAINT "seller_profiles_reviewed" CHECK (("status" = 'pending') = ("reviewed_at" IS NULL))
);

-- The console's review queue: one state, the longest waiting first.
CREATE INDEX "seller_profiles_status_submitted_at_user_id_idx" ON "seller_profiles" ("status", "submitted_at", "user_id");

-- What account deletion keeps of a seller who sold through Mandi (CGST Act section 36, libs/domain's
-- sellerRecordsKeptUntil): the tax identity their documents and Mandi's GSTR-8 name, still sealed, until keep_until;
-- the worker's retention sweep deletes it after. Bank account, pickup address and FSSAI number go at once.
CREATE TABLE "seller_tax_records" (
  "user_id" INTEGER NOT NULL,
  "legal_name" VARCHAR(100) NOT NULL,
  "business_kind" "business_kind" NOT NULL,
  "pan_sealed" BYTEA NOT NULL,
  "pan_last4" VARCHAR(4) NOT NULL,
  "gstin_sealed" BYTEA,
  "gstin_last4" VARCHAR(4),
  "keep_until" DATE NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),

  CONSTRAINT "seller_tax_records_pkey" PRIMARY KEY ("user_id"),
  CONSTRAINT "seller_tax_records_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

CREATE INDEX "seller_tax_records_keep_until_idx" ON "seller_tax_records" ("keep_until");
