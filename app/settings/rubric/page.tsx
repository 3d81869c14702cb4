import type { Metadata } from "next";
import { RubricEditor } from "@/components/rubric/rubric-editor";
import { RubricHistory } from "@/components/rubric/rubric-history";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";
import { getActiveRubric } from "@/lib/server/rubrics/get-active-rubric";
import { listRubricVersions } from "@/lib/server/rubrics/list-rubric-versions";

export const metadata: Metadata = { title: "Rubric" };

export default async function RubricPage() {
  await requireUser(ACCESS.administer);
  const [active, versions] = await Promise.all([getActiveRubric(), listRubricVersions()]);
  return (
    <>
      <PageHeader
        title="Rubric"
        description={`What raters rate against: version ${active.version}. Each save makes a new version; every rating keeps the version it was made under.`}
        actions={<ButtonLink href="/queue/manage">Manage the queue</ButtonLink>}
      />
      {/* Remounted after a save, so that the next edit starts from the version just saved. */}
      <RubricEditor key={active.versionId} rubric={active} />
      <RubricHistory versions={versions} activeVersionId={active.versionId} />
    </>
  );
}
