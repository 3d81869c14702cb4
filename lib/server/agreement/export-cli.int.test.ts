import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pairsCsv } from "@/lib/agreement/export-pairs";
import { findExternalIds } from "@/lib/server/sessions/find-external-ids";
import { computeAgreement } from "./compute-agreement";
import { createThresholdVersion, plantTurns } from "./test-helpers";

const dir = mkdtempSync(path.join(tmpdir(), "concord-agreement-export-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scored: { persona: string; human: number; judge: number }[] = readFileSync(new URL("../../stats/fixtures/scored.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));

describe("the exported pairs CSV and `concord agreement`", () => {
  it("gives the page's n, κ, ρ and τ when fed to the CLI", async () => {
    // Several ratings per turn (a second annotator on every third turn, one level off), an
    // uneven cut-off set, so that the median rule and the cut-offs both matter.
    const planted = await plantTurns(
      scored.map((row, i) => ({
        persona: row.persona,
        score: row.judge,
        ratings: i % 3 === 0 ? [["a", row.human], ["b", Math.min(4, row.human + 1)]] : [["a", row.human]],
        words: 20 + (i % 50),
      })),
    );
    const cutoffs = { fair: 0.45, good: 0.6, excellent: 0.85 };
    const thresholds = await createThresholdVersion(cutoffs);
    const { pairs, report } = await computeAgreement({ judge: planted.judge, thresholds });
    const file = path.join(dir, "pairs.csv");
    writeFileSync(file, pairsCsv(pairs, await findExternalIds(pairs.units.sessionId)));

    const stdout = execFileSync(
      process.execPath,
      ["scripts/concord.mjs", "agreement", "--input", file, "--human", "human_level", "--judge", "judge_score", "--scale", "1:4", "--judge-cuts", `${cutoffs.fair},${cutoffs.good},${cutoffs.excellent}`],
      { encoding: "utf8" },
    );
    const cli = JSON.parse(stdout);

    const { headline } = report;
    expect(cli.n).toBe(headline.n);
    expect(cli.n_skipped).toBe(0);
    const close = (a: number | null, b: number | null) => expect(Math.abs((a ?? NaN) - (b ?? NaN))).toBeLessThan(1e-12);
    close(cli.kappa.unweighted, headline.kappa.unweighted.value);
    close(cli.kappa.linear, headline.kappa.linear.value);
    close(cli.kappa.quadratic, headline.kappa.quadratic.value);
    close(cli.kappa.exact_agreement, headline.exactAgreement);
    close(cli.kappa.quadratic_ci[0], headline.kappa.quadratic.ci![0]);
    close(cli.dataset_level.spearman, headline.spearman.value);
    close(cli.dataset_level.kendall_tau_b, headline.kendall.value);
    close(cli.dataset_level.spearman_p, headline.spearman.pValue);
    close(cli.dataset_level.kendall_p, headline.kendall.pValue);
    expect(cli.kappa.confusion_matrix).toEqual(headline.confusion.matrix);
  });
});
