-- CreateTable
CREATE TABLE "source_pulls" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "pull_key" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "cursor" TEXT,
    "page_count" INTEGER NOT NULL DEFAULT 0,
    "record_count" INTEGER NOT NULL DEFAULT 0,
    "import_id" INTEGER,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "source_pulls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "source_pull_pages" (
    "pull_id" INTEGER NOT NULL,
    "page" INTEGER NOT NULL,
    "records" JSONB NOT NULL,

    CONSTRAINT "source_pull_pages_pkey" PRIMARY KEY ("pull_id","page")
);

-- CreateIndex
CREATE INDEX "source_pulls_pull_key_status_idx" ON "source_pulls"("pull_key", "status");

-- AddForeignKey
ALTER TABLE "source_pull_pages" ADD CONSTRAINT "source_pull_pages_pull_id_fkey" FOREIGN KEY ("pull_id") REFERENCES "source_pulls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

