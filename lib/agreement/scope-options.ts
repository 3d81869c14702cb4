import type { Cutoffs } from "./agreement-data";

/** What the scope picker offers. */
export type ScopeOptions = {
  /** `hasScores`: the judge answered on at least one turn or pair (else the picker marks it "no scores yet"). */
  judges: { name: string; version: string; kind: string; hasScores: boolean }[];
  thresholds: { version: number; isActive: boolean; cutoffs: Cutoffs; note: string }[];
  personas: string[];
  criteria: string[];
  imports: { id: number; fileName: string | null; createdAt: string; turnCount: number }[];
};
