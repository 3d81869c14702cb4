import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "Import" };

export default async function ImportPage() {
  await requireUser(ACCESS.administer);
  return (
    <ComingSoon title="Import" description="Orchestrator logs (JSONL) and generic judge-vs-human data (JSONL or CSV).">
      <p>
        Meanwhile, the command line scores logs: <code>npm run --silent concord -- score &lt; turns.jsonl</code>
      </p>
    </ComingSoon>
  );
}
