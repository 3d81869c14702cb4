import type { Cutoffs } from "./agreement-data";

/** What the scope picker offers. */
export type ScopeOptions = {
  judges: { name: string; version: string; kind: string }[];
  thresholds: { version: number; isActive: boolean; cutoffs: Cutoffs; note: string }[];
  personas: string[];
  criteria: string[];
  imports: { id: number; fileName: string | null; createdAt: string; turnCount: number }[];
};
