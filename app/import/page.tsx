import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata: Metadata = { title: "Import" };

export default function ImportPage() {
  return (
    <ComingSoon title="Import" description="Orchestrator logs (JSONL) and generic judge-vs-human data (JSONL or CSV).">
      <p>
        Meanwhile, the command line scores logs: <code>npm run --silent concord -- score &lt; turns.jsonl</code>
      </p>
    </ComingSoon>
  );
}
