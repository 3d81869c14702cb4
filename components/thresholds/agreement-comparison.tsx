import { ConfusionMatrix } from "@/components/ui/confusion-matrix";
import type { AgreementFigures } from "@/lib/calibration/agreement-figures";
import { QUALITY_LEVELS } from "@/lib/thresholds/levels";
import { formatCoefficient, formatCount } from "./format";
import styles from "./thresholds.module.css";

type Props = { baseVersion: number; current: AgreementFigures; draft: AgreementFigures; rule: string };

const ROWS = [
  { key: "kappaQuadratic", label: "Cohen's κ, quadratic", hint: "levels; near misses count less" },
  { key: "kappaUnweighted", label: "Cohen's κ, unweighted", hint: "levels; exact matches only" },
  { key: "rho", label: "Spearman ρ", hint: "human level vs overall score" },
  { key: "tau", label: "Kendall τ-b", hint: "human level vs overall score" },
] as const;

function change(current: number | null, draft: number | null): string {
  if (current === null || draft === null) return "—";
  const delta = draft - current;
  if (Math.abs(delta) < 5e-4) return "±0";
  return `${delta > 0 ? "+" : "−"}${Math.abs(delta).toFixed(3)}`;
}

/** Agreement with the human levels under the active version and under the draft, side by side. */
export function AgreementComparison({ baseVersion, current, draft, rule }: Props) {
  return (
    <div className={styles.agreement}>
      <h3>Agreement with human ratings</h3>
      {current.n < 30 ? <p className="field-hint">Only {current.n} rated turns: these figures can move a lot with a few more ratings.</p> : null}
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Agreement of the judge with the human levels, version {baseVersion} and draft</caption>
          <thead>
            <tr>
              <th scope="col">Coefficient</th>
              <th scope="col">Version {baseVersion}</th>
              <th scope="col">Draft</th>
              <th scope="col" className={styles.changeColumn}>
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={styles.coefficient}>
                  {row.label}
                  <span className="muted">{row.hint}</span>
                </th>
                <td>{formatCoefficient(current[row.key])}</td>
                <td>{formatCoefficient(draft[row.key])}</td>
                <td className={styles.changeColumn}>{change(current[row.key], draft[row.key])}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className={styles.coefficient}>
                Rated turns (n)
              </th>
              <td>{formatCount(current.n)}</td>
              <td>{formatCount(draft.n)}</td>
              <td className={styles.changeColumn} />
            </tr>
          </tbody>
        </table>
      </div>
      <div className={styles.matrices}>
        <ConfusionMatrix caption={`Version ${baseVersion}`} labels={QUALITY_LEVELS} matrix={current.confusion} rowTitle="Human" columnTitle="Judge" />
        <ConfusionMatrix caption="Draft" labels={QUALITY_LEVELS} matrix={draft.confusion} rowTitle="Human" columnTitle="Judge" />
      </div>
      <p className="field-hint">{rule}</p>
    </div>
  );
}
