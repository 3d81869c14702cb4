import type { PanelDiagnostics } from "@/lib/agreement/panel-diagnostics";
import type { PanelConfig } from "./panel.schema";

/**
 * What `GET /api/v1/agreement/panel` returns and the report's panel section reads: null
 * `panel` when the scope's judge is not a panel; null `diagnostics` for a vote panel (its
 * labels are measured by the criterion-type section) or without rated turns.
 */
export type PanelReport = {
  panel: (PanelConfig["panel"] & { id: number; name: string; version: string }) | null;
  diagnostics: PanelDiagnostics | null;
};
