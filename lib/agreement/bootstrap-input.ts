import type { CrossedInput } from "@/lib/stats/crossed-bootstrap";
import type { AgreementPairs } from "./build-pairs";

/**
 * The report's pairs as the crossed bootstrap reads them: units clustered by session (turns
 * of one session rise and fall together), ratings grouped by unit, the judge's level and any
 * adjudicated level per unit.
 */
export function bootstrapInput(pairs: AgreementPairs): CrossedInput {
  const clusterOf = new Map<number, number>();
  const cluster = new Int32Array(pairs.n);
  const adjudicated = new Int32Array(pairs.n);
  for (let u = 0; u < pairs.n; u++) {
    const session = pairs.units.sessionId[u];
    let index = clusterOf.get(session);
    if (index === undefined) clusterOf.set(session, (index = clusterOf.size));
    cluster[u] = index;
    adjudicated[u] = pairs.units.adjudicated[u] ?? 0;
  }
  return {
    nUnits: pairs.n,
    cluster,
    nClusters: clusterOf.size,
    judgeLevel: pairs.judgeLevel,
    adjudicated,
    offsets: pairs.offsets,
    raterOf: pairs.raterOf,
    levelOf: pairs.levelOf,
    nRaters: pairs.raters.length,
    labels: pairs.labels,
  };
}
