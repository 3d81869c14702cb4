import type { HumanAgreement, HumanCoefficients } from "@/lib/agreement/task-human-agreement";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatCount, formatInterval, formatNumber } from "./format";
import { alphaReading, kappaReading } from "./readings";
import { isKappaParadox } from "./task-format";
import styles from "./report.module.css";
import taskStyles from "./task.module.css";

const interval = (ci: [number, number] | null) => (ci ? `95 % CI ${formatInterval(ci)}` : "no interval");

function Paradox({ kappa, ac1 }: { kappa: number | null; ac1: number | null }) {
  if (!isKappaParadox(kappa, ac1)) return null;
  return (
    <p className={taskStyles.note}>
      Gwet&apos;s AC1 is well above Fleiss&apos; κ. That usually means one answer is far more common than the others: κ then stays low even
      when raters nearly always agree, while AC1 does not. Here the raters agree more than κ alone suggests.
    </p>
  );
}

function Coefficients({ figures, isNumeric, isWeightedSkipped }: { figures: HumanCoefficients; isNumeric: boolean; isWeightedSkipped: boolean }) {
  const weighted = isNumeric ? " (quadratic weights)" : "";
  const skipped = isWeightedSkipped ? "Left out: too many different numbers to weigh pair by pair. Read α." : null;
  return (
    <>
      <StatGrid label="People among themselves" maxColumns={3}>
        <StatCard
          label={`Fleiss' κ${weighted}`}
          value={formatNumber(figures.fleissKappa.value)}
          detail={skipped ?? interval(figures.fleissKappa.ci)}
          reading={kappaReading(figures.fleissKappa.value)}
        />
        <StatCard
          label={isNumeric ? "Gwet's AC2 (quadratic weights)" : "Gwet's AC1"}
          value={formatNumber(figures.gwet.value)}
          detail={skipped ?? interval(figures.gwet.ci)}
          reading={isNumeric ? null : "Less thrown than κ when one answer is far more common"}
        />
        <StatCard
          label={isNumeric ? "Krippendorff's α (interval)" : "Krippendorff's α (nominal)"}
          value={formatNumber(figures.krippendorffAlpha)}
          detail={`${formatCount(figures.nUnits)} turns rated by two or more people`}
          reading={alphaReading(figures.krippendorffAlpha)}
        />
      </StatGrid>
      {isNumeric ? null : <Paradox kappa={figures.fleissKappa.value} ac1={figures.gwet.value} />}
    </>
  );
}

function PerLabelTable({ rows }: { rows: (HumanCoefficients & { label: string })[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className={styles.caption}>Each label as its own question: did the rater choose it?</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col" className={styles.numeric}>Turns</th>
            <th scope="col" className={styles.numeric}>Fleiss&apos; κ</th>
            <th scope="col" className={styles.numeric}>Gwet&apos;s AC1</th>
            <th scope="col" className={styles.numeric}>Krippendorff&apos;s α</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={styles.rowHeader}>
                {row.label}
                {isKappaParadox(row.fleissKappa.value, row.gwet.value) ? <span className="muted"> · κ low because one answer dominates</span> : null}
              </th>
              <td className={styles.numeric}>{formatCount(row.nUnits)}</td>
              <td className={styles.numeric}>{formatNumber(row.fleissKappa.value)}</td>
              <td className={styles.numeric}>{formatNumber(row.gwet.value)}</td>
              <td className={styles.numeric}>{formatNumber(row.krippendorffAlpha)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How much the raters agree with each other: the most the judge can be expected to reach. */
export function TaskHumans({ humans }: { humans: HumanAgreement }) {
  const nUnits = humans.type === "multilabel" ? Math.max(0, ...humans.perLabel.map((row) => row.nUnits)) : humans.overall.nUnits;
  return (
    <div className={taskStyles.group}>
      <h3>People among themselves</h3>
      {nUnits === 0 ? (
        <p className="muted">No turn here was rated by two or more people, so there is nothing to compare raters on.</p>
      ) : humans.type === "multilabel" ? (
        <>
          <PerLabelTable rows={humans.perLabel} />
          {humans.perLabel.some((row) => isKappaParadox(row.fleissKappa.value, row.gwet.value)) ? (
            <p className={taskStyles.note}>
              Where Gwet&apos;s AC1 is well above Fleiss&apos; κ, the label is almost always chosen (or almost never): κ then stays low even when
              raters nearly always agree, while AC1 does not.
            </p>
          ) : null}
        </>
      ) : (
        <Coefficients figures={humans.overall} isNumeric={humans.type === "numeric"} isWeightedSkipped={humans.type === "numeric" && humans.isWeightedSkipped} />
      )}
    </div>
  );
}
