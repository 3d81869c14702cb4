import { describe, expect, it } from "vitest";
import { alphaBand, correlationBand, kappaBand } from "./coefficient-bands.ts";

describe("kappaBand (Landis & Koch 1977)", () => {
  it.each([
    [-0.1, "poor"],
    [0, "slight"],
    [0.2, "slight"],
    [0.21, "fair"],
    [0.4, "fair"],
    [0.479, "moderate"],
    [0.678, "substantial"],
    [0.8, "substantial"],
    [0.816, "almost perfect"],
    [1, "almost perfect"],
  ])("reads κ = %d as %s", (kappa, band) => {
    expect(kappaBand(kappa)?.band).toBe(band);
  });

  it("reads a null κ as no band", () => {
    expect(kappaBand(null)).toBeNull();
  });
});

describe("correlationBand (Evans 1996)", () => {
  it("bands by absolute size and states the direction", () => {
    expect(correlationBand(0.828)?.text).toBe("very strong positive correlation");
    expect(correlationBand(-0.45)?.text).toBe("moderate negative correlation");
    expect(correlationBand(0.19)?.band).toBe("very weak");
    expect(correlationBand(0.2)?.band).toBe("weak");
    expect(correlationBand(0.6)?.band).toBe("strong");
    expect(correlationBand(0)?.text).toBe("no correlation");
    expect(correlationBand(null)).toBeNull();
  });
});

describe("alphaBand (Krippendorff 2004)", () => {
  it("uses the 0.800 and 0.667 thresholds", () => {
    expect(alphaBand(0.815)?.band).toBe("reliable");
    expect(alphaBand(0.8)?.band).toBe("reliable");
    expect(alphaBand(0.743)?.band).toBe("tentative");
    expect(alphaBand(0.6)?.band).toBe("unreliable");
  });
});
