-- CreateTable
CREATE TABLE "signups" (
    "id" SERIAL NOT NULL,
    "firebase_uid" VARCHAR(128) NOT NULL,
    "email" CITEXT NOT NULL,
    "username" CITEXT NOT NULL,
    "ip_address" VARCHAR(45),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "signups_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "signups_firebase_uid_key" ON "signups"("firebase_uid");

-- CreateIndex
CREATE UNIQUE INDEX "signups_username_key" ON "signups"("username");

-- CreateIndex
CREATE INDEX "signups_expires_at_idx" ON "signups"("expires_at");

