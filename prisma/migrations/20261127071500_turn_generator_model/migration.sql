-- AlterTable
ALTER TABLE "turns" ADD COLUMN     "generator_model" TEXT;

