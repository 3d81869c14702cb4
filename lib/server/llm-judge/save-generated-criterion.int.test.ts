import { describe, expect, it, vi } from "vitest";
import { CRITERION_TEMPLATES } from "@/lib/rubric/criterion-templates";
import { DEFAULT_RUBRIC } from "@/lib/rubric/default-rubric";
import { DomainError } from "../errors";
import { getActiveRubric } from "../rubrics/get-active-rubric";
import { saveGeneratedCriterion } from "./save-generated-criterion";

// The rubric is shared by every test of the database: the version write is captured here,
// not made, so that no other test finds a rubric it did not expect.
const saved = vi.hoisted(() => [] as unknown[]);
vi.mock("../rubrics/save-rubric-version", () => ({
  saveRubricVersion: async (input: unknown) => {
    saved.push(input);
    return { id: 999, version: 42 };
  },
}));

const generated = { ...CRITERION_TEMPLATES[1], key: "generated_depth", name: "Depth" };

describe("saveGeneratedCriterion", () => {
  it("saves the active rubric plus the criterion, limited to the chosen personas, based on the active version", async () => {
    const active = await getActiveRubric();

    const result = await saveGeneratedCriterion({ criterion: generated, personas: ["antithesis"], note: "Generated", authorId: 1 });

    expect(result).toEqual({ version: 42 });
    expect(saved.at(-1)).toEqual({
      content: { ...active.content, criteria: [...active.content.criteria.filter((criterion) => criterion.key !== "generated_depth"), { ...generated, personas: ["antithesis"] }] },
      note: "Generated",
      basedOnVersionId: active.versionId,
      authorId: 1,
    });
  });

  it("refuses, saying why, a generated overall criterion that drops the four quality levels", async () => {
    const overall = { ...DEFAULT_RUBRIC.criteria[0], levels: DEFAULT_RUBRIC.criteria[0].levels.slice(0, 3) };
    const before = saved.length;

    const error = await saveGeneratedCriterion({ criterion: overall, personas: [], note: "x", authorId: 1 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe("The rubric would not be valid with this criterion: Overall quality uses the judge's levels: Poor < Fair < Good < Excellent.");
    expect(saved).toHaveLength(before);
  });
});
