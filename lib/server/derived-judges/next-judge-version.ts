import "server-only";
import { DomainError } from "../errors";

/**
 * Runs a statement inside the transaction that creates a derived judge (a panel, cascade or
 * calibrated judge): the job that builds it marks itself done there, in the same commit.
 */
export type InTransaction = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * The version a derived judge of this name gets: one past the highest of its name. A name
 * held by a judge of another kind is refused (the form's name field says so).
 */
export function nextJudgeVersion(name: string, existing: readonly { version: string; kind: string }[], kind: string, what: string): string {
  if (existing.some((judge) => judge.kind !== kind)) {
    throw new DomainError("conflict", `“${name}” is the name of a judge that is not ${what}: choose another name.`, { name: "Taken by another judge" });
  }
  return String(existing.reduce((max, judge) => Math.max(max, Number(judge.version) || 0), 0) + 1);
}
