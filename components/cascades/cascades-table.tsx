import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { describeBand } from "@/lib/cascade/format-cost";
import type { CascadeRow } from "@/lib/server/cascades/list-cascades";

/** Every cascade version with its two judges, band and reach, linked to its agreement report. */
export function CascadesTable({ cascades }: { cascades: CascadeRow[] }) {
  if (cascades.length === 0) {
    return (
      <EmptyState title="No cascades yet">
        <p>Create one above from a cheap screener and a strong judge.</p>
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Judge cascades</caption>
        <thead>
          <tr>
            <th scope="col">Cascade</th>
            <th scope="col">Screener</th>
            <th scope="col">Strong judge</th>
            <th scope="col">Band</th>
            <th scope="col">Turns answered</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {cascades.map((cascade) => (
            <tr key={cascade.id}>
              <td className="strong">
                <Link href={`/agreement?${new URLSearchParams({ judge: cascade.name, judgeVersion: cascade.version })}`}>
                  {cascade.name} {cascade.version}
                </Link>
              </td>
              <td>
                {cascade.screener.name} {cascade.screener.version}
              </td>
              <td>
                {cascade.strong.name} {cascade.strong.version}
              </td>
              <td>{describeBand(cascade)}</td>
              <td>{cascade.turns.toLocaleString("en")}</td>
              <td>{cascade.createdAt.toISOString().slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
