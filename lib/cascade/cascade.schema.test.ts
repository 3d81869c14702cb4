import { describe, expect, it } from "vitest";
import { bandProposalQuerySchema, cascadeFormSchema } from "./cascade.schema";

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues.map((i) => [i.path.join("."), i.message]);

describe("cascade forms", () => {
  it("reads the form, the tolerance defaulting to 0.02", () => {
    expect(cascadeFormSchema.parse({ name: " mini then large ", screener: "3", strong: "7", cutoff: "0.65", below: "0.1", above: "0.125", tolerance: "" })).toEqual({
      name: "mini then large",
      screener: 3,
      strong: 7,
      cutoff: 0.65,
      below: 0.1,
      above: 0.125,
      tolerance: 0.02,
    });
  });

  it("names each field that is wrong and what it expects", () => {
    expect(issues(cascadeFormSchema.safeParse({ name: "", screener: "", strong: "7", cutoff: "x", below: "-0.1", above: "", tolerance: "2" }))).toEqual([
      ["name", "Name the cascade"],
      ["screener", "Choose the screener"],
      ["cutoff", "The cut-off must be a number"],
      ["below", "The band below the cut-off is at least 0"],
      ["above", "The band above the cut-off must be a number"],
      ["tolerance", "The tolerance is at most 1"],
    ]);
    expect(issues(bandProposalQuerySchema.safeParse({ screener: "4", strong: "4", cutoff: "0.5" }))).toEqual([["strong", "Choose a strong judge other than the screener"]]);
  });
});
