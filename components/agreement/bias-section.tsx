import type { BiasChecks } from "@/lib/agreement/bias-checks";
import { MIN_N_CORRELATION } from "@/lib/agreement/small-samples";
import { StatCard, StatGrid } from "@/components/ui/stat-card";
import { formatCount, formatInterval, formatNumber, formatPValue, formatSigned } from "./format";
import { correlationReading, correlationWarning } from "./readings";
import styles from "./report.module.css";

/** Seed 001's bias checks: length bias, and systematic offsets per persona. */
export function BiasSection({ bias }: { bias: BiasChecks }) {
  const { judge, human, difference } = bias.length;
  const detail = (ci: [number, number] | null, p: number | null) => [ci ? `95 % CI ${formatInterval(ci)}` : null, formatPValue(p)].filter(Boolean).join(" · ");
  return (
    <section className="section" aria-labelledby="bias-title">
      <h2 id="bias-title">Bias checks</h2>
      <p className={styles.lead}>
        Length bias: does the judge reward longer responses more than people do? Both correlate with the word count on the same turns.
      </p>
      <StatGrid label="Length bias">
        <StatCard label="Judge score vs words, ρ" value={formatNumber(judge.value)} detail={detail(judge.ci, judge.pValue)} reading={correlationReading(judge.value)} warning={correlationWarning(judge.n)} />
        <StatCard label="Human level vs words, ρ" value={formatNumber(human.value)} detail={detail(human.ci, human.pValue)} reading={correlationReading(human.value)} />
        <StatCard label="Difference" value={formatSigned(difference)} detail="judge ρ minus human ρ" reading={lengthVerdict(difference, bias.length.n)} />
      </StatGrid>
      <div className="section">
        <div className="table-wrap" tabIndex={0} role="group" aria-label="Systematic offset per persona">
          <table className="table">
            <caption className={styles.caption}>Systematic offset per persona: mean judge level minus mean human level</caption>
            <thead>
              <tr>
                <th scope="col">Persona</th>
                <th scope="col" className={styles.numeric}>n</th>
                <th scope="col" className={styles.numeric}>Mean human level</th>
                <th scope="col" className={styles.numeric}>Mean judge level</th>
                <th scope="col" className={styles.numeric}>Offset</th>
              </tr>
            </thead>
            <tbody>
              {bias.personaOffsets.map((row) => (
                <tr key={row.persona}>
                  <th scope="row" className={styles.rowHeader}>
                    {row.persona}
                    {row.n < MIN_N_CORRELATION ? <div className={styles.flag}>⚠ too few turns to mean much</div> : null}
                  </th>
                  <td className={styles.numeric}>{formatCount(row.n)}</td>
                  <td className={styles.numeric}>{formatNumber(row.meanHumanLevel)}</td>
                  <td className={styles.numeric}>{formatNumber(row.meanJudgeLevel)}</td>
                  <td className={styles.numeric}>{formatSigned(row.offset)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

function lengthVerdict(difference: number | null, n: number): string | null {
  if (difference === null || n < MIN_N_CORRELATION) return null;
  if (Math.abs(difference) < 0.1) return "No sign of length bias beyond what people show.";
  return difference > 0 ? "The judge rewards length more than people do." : "The judge rewards length less than people do.";
}
