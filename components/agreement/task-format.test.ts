import { describe, expect, it } from "vitest";
import { binaryMetrics } from "@/lib/stats/binary-metrics";
import { isKappaParadox, secondaryRows } from "./task-format";

describe("isKappaParadox", () => {
  it("flags a κ far below AC1, as when one answer dominates", () => {
    expect(isKappaParadox(0.1, 0.85)).toBe(true);
    expect(isKappaParadox(0.6, 0.8)).toBe(true);
  });

  it("stays quiet when the two are close, when κ is the higher, or when either is undefined", () => {
    expect(isKappaParadox(0.7, 0.8)).toBe(false);
    expect(isKappaParadox(0.9, 0.5)).toBe(false);
    expect(isKappaParadox(null, 0.9)).toBe(false);
    expect(isKappaParadox(0.1, null)).toBe(false);
  });
});

describe("secondaryRows", () => {
  it("names the binary counts in the order they are shown", () => {
    const metrics = binaryMetrics(["pass", "pass", "fail", "fail", "fail"], ["pass", "fail", "pass", "fail", "fail"], "pass");
    const rows = secondaryRows({ type: "binary", positive: "pass", negative: "fail", metrics, confusion: { labels: [], matrix: [] } });
    const counts = rows.find((row) => row.name === "Counts")!;
    expect(counts.value).toBe("1 · 1 · 1 · 2");
    expect(counts.meaning).toBe("both pass · judge only · people only · both fail");
    expect(rows.find((row) => row.name === "Accuracy")!.value).toBe("60 %");
  });
});
