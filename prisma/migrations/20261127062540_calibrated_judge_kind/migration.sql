-- AlterEnum
ALTER TYPE "judge_kind" ADD VALUE 'calibrated';

