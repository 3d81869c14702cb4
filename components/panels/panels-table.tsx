import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PANEL_RULE_NAMES } from "@/lib/panels/panel.schema";
import type { PanelRow } from "@/lib/server/panels/list-panels";

/** Every panel version with its members, rule and reach, linked to its agreement report. */
export function PanelsTable({ panels }: { panels: PanelRow[] }) {
  if (panels.length === 0) {
    return (
      <EmptyState title="No panels yet">
        <p>Create one above from two or more judges.</p>
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Judge panels</caption>
        <thead>
          <tr>
            <th scope="col">Panel</th>
            <th scope="col">Members</th>
            <th scope="col">Rule</th>
            <th scope="col">Turns answered</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {panels.map((panel) => (
            <tr key={panel.id}>
              <td className="strong">
                <Link href={`/agreement?${new URLSearchParams({ judge: panel.name, judgeVersion: panel.version })}`}>
                  {panel.name} {panel.version}
                </Link>
              </td>
              <td>{panel.members.map((m) => `${m.name} ${m.version}`).join(", ")}</td>
              <td>{PANEL_RULE_NAMES[panel.aggregate]}</td>
              <td>{panel.turns.toLocaleString("en")}</td>
              <td>{panel.createdAt.toISOString().slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
