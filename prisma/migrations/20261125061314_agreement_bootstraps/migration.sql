-- CreateTable
CREATE TABLE "agreement_bootstraps" (
    "id" SERIAL NOT NULL,
    "scope_key" TEXT NOT NULL,
    "data_version" TEXT NOT NULL,
    "result" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agreement_bootstraps_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agreement_bootstraps_created_at_idx" ON "agreement_bootstraps"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "agreement_bootstraps_scope_key_data_version_key" ON "agreement_bootstraps"("scope_key", "data_version");

