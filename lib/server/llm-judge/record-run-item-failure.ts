import "server-only";
import { recordJobItemFailure } from "../jobs/record-job-item-failure";
import { MalformedOutputError } from "./ask-for-json";
import { describeItemFailure } from "./describe-item-failure";
import { recordUnparseableOutput } from "./record-unparseable-output";

/** A run's failed item: unparseable output kept apart (with its replies), other errors as jobs record them. */
export async function recordRunItemFailure(jobId: number, item: string, error: unknown): Promise<void> {
  if (error instanceof MalformedOutputError) return recordUnparseableOutput(jobId, item, describeItemFailure(error), error.exchanges);
  return recordJobItemFailure(jobId, item, describeItemFailure(error));
}
