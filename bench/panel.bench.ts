// `npm run bench panel`: lib/stats/panel on a panel of 5 judges over 10⁶ items — the vote
// (labels of 5 classes, fresh strings as a parsed file gives), the mean and the median of
// scores, and the error correlation with n_eff. Target (issue 21): the aggregation of a
// panel of 5 over 10⁶ turns under 2 s.
import {
  effectiveJudges,
  errorCorrelation,
  labelErrors,
  meanAggregate,
  medianAggregate,
  numericErrors,
  voteAggregate,
} from "../lib/stats/panel.ts";
import { uniformSource } from "../lib/stats/seeded-random.ts";
import { time, timeConcord } from "./best-of.ts";

const ROWS = 1e6;
const MEMBERS = 5;
const uniform = uniformSource(25);

// Each member copies the truth, else shares a common mistake, else guesses.
const truth = Array.from({ length: ROWS }, () => Math.floor(uniform() * 5));
const common = truth.map(() => (uniform() < 0.2 ? Math.floor(uniform() * 5) : -1));
const labelOf = (c: number) => `label-${c}`;
const human = truth.map(labelOf);
const labels = Array.from({ length: MEMBERS }, () =>
  truth.map((t, i) => labelOf(common[i] >= 0 && uniform() < 0.7 ? common[i] : uniform() < 0.15 ? Math.floor(uniform() * 5) : t)),
);
const scoresHuman = Float64Array.from(truth, (t) => t * 2 + uniform());
const scores = Array.from({ length: MEMBERS }, () => Float64Array.from(scoresHuman, (h, i) => h + (common[i] >= 0 ? 1 : 0) + uniform() - 0.5));

console.log(`${MEMBERS} members, ${ROWS.toExponential(0)} items, best of 5`);
console.log("step                         ms");
const row = (what: string, ms: number) => console.log(`${what.padEnd(24)} ${ms.toFixed(1).padStart(7)}`);
row("vote", time(5, () => voteAggregate(labels)));
row("mean", time(5, () => meanAggregate(scores)));
row("median", time(5, () => medianAggregate(scores)));
row("label errors + ρ̄, n_eff", time(5, () => effectiveJudges(MEMBERS, errorCorrelation(labels.map((m) => labelErrors(human, m))).mean)));
row("score errors + ρ̄, n_eff", time(5, () => effectiveJudges(MEMBERS, errorCorrelation(scores.map((m) => numericErrors(scoresHuman, m))).mean)));
const rho = errorCorrelation(labels.map((m) => labelErrors(human, m))).mean;
console.log(`label errors: mean_error_correlation ${rho?.toFixed(3)}, n_eff ${effectiveJudges(MEMBERS, rho)?.toFixed(2)}`);
