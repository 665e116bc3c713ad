-- What scripts/db/pincodes.mjs loaded into pincodes, one row per load: the checksum of the loader and of both
-- data packages (a run that finds its own checksum on the latest row does nothing), the package versions, and
-- how many offices got their taluk from their own office, from another office of the pincode, or from the district.

-- CreateTable
CREATE TABLE "pincode_directory_loads" (
    "id" SERIAL NOT NULL,
    "checksum" CHAR(64) NOT NULL,
    "sources" JSONB NOT NULL,
    "offices" INTEGER NOT NULL,
    "pincodes" INTEGER NOT NULL,
    "taluk_from_office" INTEGER NOT NULL,
    "taluk_from_pincode" INTEGER NOT NULL,
    "taluk_from_district" INTEGER NOT NULL,
    "loaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pincode_directory_loads_pkey" PRIMARY KEY ("id")
);
