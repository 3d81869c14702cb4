import type { AgreementFiguresReport } from "./build-report";
import type { ResolvedScope } from "./resolved-scope";

/** What the page, `GET /api/v1/agreement` and the JSON export all return. */
export type AgreementReport = AgreementFiguresReport & {
  scope: ResolvedScope;
  /** The data the figures were computed from (see getDataVersion). */
  dataVersion: string;
  computedAt: string;
  /** Rater key → display name (a user's name, or an imported annotator's label). */
  raterNames: Record<string, string>;
  /**
   * For the turns listed as disagreements: the start of the response, the session's own id
   * and the turn's number in it (from 1, as the session page shows it), and any adjudication.
   */
  turns: Record<string, { excerpt: string; sessionKey: string; number: number }>;
  adjudications: Record<string, { level: number; note: string | null; adjudicator: string | null; at: string }>;
};

/** Key of an adjudication in AgreementReport.adjudications. */
export function adjudicationKey(turnId: number, criterion: string): string {
  return `${turnId}:${criterion}`;
}
