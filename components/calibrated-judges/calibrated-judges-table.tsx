import Link from "next/link";
import { formatNumber } from "@/components/agreement/format";
import { EmptyState } from "@/components/ui/empty-state";
import type { CalibratedJudgeRow } from "@/lib/server/calibrated-judges/list-calibrated-judges";
import styles from "./calibrated-judges.module.css";

/** Every calibrated judge version with its source and out-of-fold figures, linked to its agreement report. */
export function CalibratedJudgesTable({ judges }: { judges: CalibratedJudgeRow[] }) {
  if (judges.length === 0) {
    return (
      <EmptyState title="No calibrated judges yet">
        <p>Create one above from any judge with scores.</p>
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Calibrated judges</caption>
        <thead>
          <tr>
            <th scope="col">Calibrated judge</th>
            <th scope="col">Calibrates</th>
            <th scope="col">Rated turns (sessions)</th>
            <th scope="col">Mean error, raw → calibrated</th>
            <th scope="col">
              <span className={styles.symbol}>κ</span> quadratic, raw → calibrated
            </th>
            <th scope="col">Turns scored</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {judges.map((judge) => (
            <tr key={judge.id}>
              <td className="strong">
                <Link href={`/agreement?${new URLSearchParams({ judge: judge.name, judgeVersion: judge.version })}`}>
                  {judge.name} {judge.version}
                </Link>
              </td>
              <td>
                {judge.source.name} {judge.source.version}
              </td>
              <td>
                {judge.nRated.toLocaleString("en")} ({judge.nSessions.toLocaleString("en")})
              </td>
              <td>
                {formatNumber(judge.outOfFold.maeRaw)} → {formatNumber(judge.outOfFold.mae)}
              </td>
              <td>
                {formatNumber(judge.outOfFold.kappaRaw)} → {formatNumber(judge.outOfFold.kappa)}
              </td>
              <td>{judge.turns.toLocaleString("en")}</td>
              <td>{judge.createdAt.toISOString().slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
