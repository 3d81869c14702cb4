import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fittedPanelWeights } from "@/lib/agreement/panel-diagnostics";
import { expectClose } from "./expect-close";
import { nnls, positiveLinearRegression } from "./nnls";

// Expected values from scripts/reference/panel_weights_reference.py (scipy 1.10 nnls,
// scikit-learn 1.2 LinearRegression(positive=True) and cohen_kappa_score).
type Case = {
  name: string;
  members: number[][];
  human: number[];
  sessions: number[];
  labels: number[];
  expected: {
    nnls: { x: number[]; rnorm: number };
    fit: { coef: number[]; intercept: number };
    folds: number[];
    oof_levels: number[];
    oof_kappa: number;
  };
};
const { cases } = JSON.parse(readFileSync(new URL("./fixtures/panel-weights/cases.json", import.meta.url), "utf8")) as { cases: Case[] };

describe("nnls and the positive linear regression, against scipy and scikit-learn", () => {
  for (const c of cases) {
    it(`${c.name}: the same non-negative solution, weights and intercept`, () => {
      const solved = nnls(c.members, c.human);
      c.expected.nnls.x.forEach((x, j) => expectClose(solved.x[j], x, 1e-9));
      expectClose(solved.rnorm, c.expected.nnls.rnorm, 1e-9);
      const fit = positiveLinearRegression(c.members, c.human);
      c.expected.fit.coef.forEach((coef, j) => expectClose(fit.coef[j], coef, 1e-9));
      expectClose(fit.intercept, c.expected.fit.intercept, 1e-9);
    });

    it(`${c.name}: the same folds by session, out-of-fold levels and κ_q`, () => {
      const fitted = fittedPanelWeights(c.members, c.human, c.sessions, c.labels)!;
      expect(fitted.folds).toEqual(c.expected.folds);
      expect(fitted.outOfFoldLevels).toEqual(c.expected.oof_levels);
      expectClose(fitted.outOfFoldKappa, c.expected.oof_kappa, 1e-12);
    });
  }

  it("keeps a weight at exactly 0 when its member only hurts the fit", () => {
    const anti = cases.find((c) => c.name === "anti")!;
    expect(positiveLinearRegression(anti.members, anti.human).coef[1]).toBe(0);
  });

  it("fits nothing with fewer sessions than folds", () => {
    expect(fittedPanelWeights([[0.1, 0.2, 0.3, 0.4]], [1, 2, 3, 4], [1, 1, 2, 2], [1, 2, 3, 4])).toBeNull();
  });
});
