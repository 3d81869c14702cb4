import type { Metadata } from "next";
import { VerdictSettingsForm, type CriterionOption } from "@/components/settings/verdict-settings-form";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { ACCESS } from "@/lib/auth/access";
import { findScopeOptions } from "@/lib/server/agreement/find-scope-options";
import { requireUser } from "@/lib/server/auth/guards";
import { getActiveRubric } from "@/lib/server/rubrics/get-active-rubric";
import { getVerdictSettings } from "@/lib/server/verdict/get-verdict-settings";

export const metadata: Metadata = { title: "Verdict bars" };

export default async function VerdictSettingsPage() {
  await requireUser(ACCESS.administer);
  const [settings, rubric, options] = await Promise.all([getVerdictSettings(), getActiveRubric(), findScopeOptions()]);
  // The rubric's criteria by name, then any other criterion that has ratings or settings.
  const names = new Map(rubric.content.criteria.map((criterion) => [criterion.key, criterion.name]));
  const keys = [...new Set([...names.keys(), ...options.criteria, ...Object.keys(settings.criteria)])];
  const criteria: CriterionOption[] = keys.map((key) => ({ key, label: names.has(key) ? `${names.get(key)} (${key})` : key }));
  return (
    <>
      <PageHeader
        title="Verdict bars"
        description="What the judge must reach to pass on the agreement page, and how the test of whether it can replace a rater is set for each criterion."
        actions={<ButtonLink href="/agreement">Agreement report</ButtonLink>}
      />
      <div className="card section">
        <VerdictSettingsForm settings={settings} criteria={criteria} />
      </div>
    </>
  );
}
