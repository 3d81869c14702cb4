import { unstable_rethrow } from "next/navigation";
import { formatHalfWidth, roundForPlanning } from "@/components/agreement/trust-format";
import { getTrustReport } from "@/lib/server/verdict/get-trust-report";
import styles from "./labels-needed-line.module.css";

/**
 * Why rating matters, in one line: how many more ratings would settle the judge's agreement
 * with people. Only the count reaches the page, never a figure of the judge's, so raters see
 * nothing of what the judge said; nothing at all when the count is unknown or zero, or when
 * the figures cannot be computed (the queue works without this line).
 */
export async function LabelsNeededLine() {
  let line: { needed: number; halfWidth: number } | null;
  try {
    const report = await getTrustReport({});
    const kappa = report.verdicts.find((row) => row.key === "kappa_quadratic");
    line = kappa?.labelsNeeded ? { needed: kappa.labelsNeeded, halfWidth: report.settings.targetHalfWidth } : null;
  } catch (error) {
    unstable_rethrow(error);
    console.error("labels-needed line:", error);
    return null;
  }
  if (!line) return null;
  const count = roundForPlanning(line.needed).toLocaleString("en");
  return <p className={styles.line}>{`About ${count} more ratings would settle the judge's agreement within ±${formatHalfWidth(line.halfWidth)}.`}</p>;
}
