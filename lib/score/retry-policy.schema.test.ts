import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, readRetryPolicy, retryCutoffFor, retryPolicyFormSchema } from "./retry-policy.schema";

describe("retry policy", () => {
  it("holds a persona to its own cut-off and every other persona to the default, including 'constructor'", () => {
    const policy = { cutoff: 0.5, personas: { antithesis: 0.4 } };

    expect(retryCutoffFor(policy, "antithesis")).toBe(0.4);
    expect(retryCutoffFor(policy, "thesis")).toBe(0.5);
    expect(retryCutoffFor(policy, "constructor")).toBe(0.5);
  });

  it("reads a missing or broken stored value as the seed's default (retry below 0.5)", () => {
    expect(readRetryPolicy(null)).toEqual({ cutoff: 0.5, personas: {} });
    expect(readRetryPolicy({ cutoff: 2 })).toBe(DEFAULT_RETRY_POLICY);
  });

  it("turns the form into a policy: blank overrides are dropped, a new persona is added", () => {
    const parsed = retryPolicyFormSchema.parse({ cutoff: "0.55", "override:thesis": "0.6", "override:synthesis": " ", newPersona: " planner ", newCutoff: "0.3" });

    expect(parsed).toEqual({ cutoff: 0.55, personas: { thesis: 0.6, planner: 0.3 } });
  });

  it("names the field of a bad value, and a new persona without its cut-off", () => {
    const result = retryPolicyFormSchema.safeParse({ cutoff: "1.5", "override:thesis": "abc", newPersona: "planner" });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["cutoff", "At most 1"],
      ["override:thesis", "Enter a number"],
    ]);
    const missing = retryPolicyFormSchema.safeParse({ cutoff: "0.5", newPersona: "planner" });
    expect(missing.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["newCutoff", "Give the new persona a cut-off"]]);
  });
});
