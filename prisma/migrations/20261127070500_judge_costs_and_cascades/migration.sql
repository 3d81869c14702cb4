-- Cost and cascades (issue 21). Endpoints get optional prices per 1M input and output tokens;
-- LLM answers and runs record the tokens their calls used (the replies' `usage`), so the cost
-- of a judged turn and of a run is known. A cascade is a judge made of a cheap screener and a
-- strong judge: turns whose screener score lies in a band around a cut-off take the strong
-- judge's score (judges.config holds both, the cut-off and the band).
-- AlterEnum
ALTER TYPE "judge_kind" ADD VALUE 'cascade';

-- AlterTable
ALTER TABLE "judge_scores" ADD COLUMN     "input_tokens" INTEGER,
ADD COLUMN     "output_tokens" INTEGER;

-- AlterTable
ALTER TABLE "judge_endpoints" ADD COLUMN     "input_price_per_million" DOUBLE PRECISION,
ADD COLUMN     "output_price_per_million" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "judge_labels" ADD COLUMN     "input_tokens" INTEGER,
ADD COLUMN     "output_tokens" INTEGER;

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "input_tokens" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "output_tokens" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "pairwise_comparisons" ADD COLUMN     "input_tokens" INTEGER,
ADD COLUMN     "output_tokens" INTEGER;


ALTER TABLE "judge_endpoints" ADD CONSTRAINT "judge_endpoints_prices_check"
  CHECK ((input_price_per_million IS NULL) = (output_price_per_million IS NULL) AND input_price_per_million >= 0 AND output_price_per_million >= 0);
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tokens_check" CHECK (input_tokens >= 0 AND output_tokens >= 0);
