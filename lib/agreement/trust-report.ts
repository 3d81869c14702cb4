import type { CrossedBootstrapResult } from "@/lib/stats/crossed-bootstrap";
import type { ResolvedScope } from "./resolved-scope";
import type { TrustFigures } from "./trust-figures";
import type { CriterionVerdictSettings, VerdictSettings } from "./verdict-settings.schema";
import type { VerdictRow } from "./verdicts";

/** Where the rater-aware intervals of a scope stand (they come from a background job). */
export type BootstrapState =
  | { status: "ready"; result: CrossedBootstrapResult; computedAt: string }
  | { status: "computing"; done: number; total: number }
  | { status: "failed"; error: string }
  | { status: "too-few"; reason: string };

/** What /agreement's trust section, `GET /api/v1/agreement/verdict` and the queue page read. */
export type TrustReport = {
  scope: ResolvedScope;
  dataVersion: string;
  settings: VerdictSettings;
  /** The alt-test settings of the scope's criterion. */
  criterion: CriterionVerdictSettings & { name: string | null };
  nItems: number;
  nRatings: number;
  trust: TrustFigures;
  bootstrap: BootstrapState;
  verdicts: VerdictRow[];
};

