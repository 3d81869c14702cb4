import type { Metadata } from "next";
import { ImportPanel } from "@/components/import/import-panel";
import { LivePullForm } from "@/components/import/live-pull-form";
import { NativeImportPanel } from "@/components/import/native-import-panel";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { MAX_IMPORT_BYTES, MAX_IMPORT_MB } from "@/lib/ingest/import-limits";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "Import" };

export default async function ImportPage() {
  await requireUser(ACCESS.administer);
  return (
    <>
      <PageHeader
        title="Import"
        description={
          <>
            Orchestrator logs (JSONL) and generic judge-vs-human data (JSONL or CSV), up to {MAX_IMPORT_MB} MB a file. Each file is imported
            all-or-nothing; turns without metrics are scored by the heuristic judge. Larger files: <code>concord import FILE</code>.
          </>
        }
      />
      <ImportPanel maxBytes={MAX_IMPORT_BYTES} />
      <NativeImportPanel maxBytes={MAX_IMPORT_BYTES} />
      <LivePullForm />
    </>
  );
}
