-- AlterTable
ALTER TABLE "ratings" ADD COLUMN     "label" TEXT,
ADD COLUMN     "labels" TEXT[];

-- CreateTable
CREATE TABLE "judge_labels" (
    "id" SERIAL NOT NULL,
    "turn_id" INTEGER NOT NULL,
    "judge_id" INTEGER NOT NULL,
    "label" TEXT,
    "labels" TEXT[],
    "confidence" DOUBLE PRECISION,
    "is_imported" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "criterion_types" (
    "criterion" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "labels" TEXT[],
    "positive" TEXT,
    "min" DOUBLE PRECISION,
    "max" DOUBLE PRECISION,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "criterion_types_pkey" PRIMARY KEY ("criterion")
);

-- CreateIndex
CREATE UNIQUE INDEX "judge_labels_turn_id_judge_id_key" ON "judge_labels"("turn_id", "judge_id");

-- AddForeignKey
ALTER TABLE "judge_labels" ADD CONSTRAINT "judge_labels_turn_id_fkey" FOREIGN KEY ("turn_id") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_labels" ADD CONSTRAINT "judge_labels_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A rating holds a level, a number, a label or a set of labels.
ALTER TABLE "ratings" DROP CONSTRAINT "ratings_value_check";
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_value_check" CHECK ("level" IS NOT NULL OR "score" IS NOT NULL OR "label" IS NOT NULL OR "labels" IS NOT NULL);
ALTER TABLE "judge_labels" ADD CONSTRAINT "judge_labels_value_check" CHECK ("label" IS NOT NULL OR "labels" IS NOT NULL);
ALTER TABLE "judge_labels" ADD CONSTRAINT "judge_labels_confidence_check" CHECK ("confidence" >= 0 AND "confidence" <= 1);
ALTER TABLE "criterion_types" ADD CONSTRAINT "criterion_types_type_check" CHECK ("type" IN ('ordinal', 'binary', 'categorical', 'multilabel', 'numeric'));
ALTER TABLE "criterion_types" ADD CONSTRAINT "criterion_types_range_check" CHECK ("min" IS NULL OR "max" IS NULL OR "min" < "max");
