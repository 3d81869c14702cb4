import type { CascadeFigures } from "./cascade-figures";
import type { CascadeConfig } from "./cascade.schema";

/**
 * What `GET /api/v1/agreement/cascade` returns and the report's cascade section reads: null
 * `cascade` when the scope's judge is not a cascade; null `figures` without rated turns.
 */
export type CascadeReport = {
  cascade: (CascadeConfig["cascade"] & { id: number; name: string; version: string }) | null;
  figures: CascadeFigures | null;
};
