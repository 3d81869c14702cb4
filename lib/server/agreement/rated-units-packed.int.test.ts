import { describe, expect, it } from "vitest";
import type { ResolvedScope } from "@/lib/agreement/resolved-scope";
import { createTestUser } from "@/scripts/test/factories";
import { getDb } from "@/lib/server/db";
import { computeAgreement } from "./compute-agreement";
import { findAgreementData } from "./find-agreement-data";
import { reportReadPool } from "./report-read-pool";
import { createThresholdVersion, plantTurns, uniqueName } from "./test-helpers";

// The packed rows (migration "rated_units_packed") as the report reads them, against the
// base tables: texts beyond ASCII and with quotes, units with three and more ratings, scope
// values that need quoting (COPY takes them inline), and the units read in many blocks.

function scopeOf(judgeId: number, extra: Partial<ResolvedScope> = {}): ResolvedScope {
  return {
    judge: { id: judgeId, name: "test", version: "1", kind: "imported" },
    thresholds: { id: null, version: 1, isActive: false, cutoffs: { fair: 0.5, good: 0.65, excellent: 0.8 } },
    persona: null, criterion: null, from: null, to: null, importId: null,
    ...extra,
  };
}

/** One session's units as findAgreementData gives them, each with its ratings in rating id order. */
async function unitsOf(scope: ResolvedScope, sessionId: number, options?: { block: number }) {
  const { units, ratings } = await findAgreementData(scope, options);
  const rows: unknown[] = [];
  for (let u = 0; u < units.turnId.length; u++) {
    if (units.sessionId[u] !== sessionId) continue;
    const given: string[] = [];
    for (let i = 0; i < ratings.unit.length; i++) if (ratings.unit[i] === u) given.push(`${ratings.rater[i]}=${ratings.level[i]}`);
    rows.push([units.turnId[u], units.persona[u], units.criterion[u], units.ratingCriterion[u], units.score[u], units.adjudicated[u], units.importId[u], given]);
  }
  return rows;
}

describe("rated_units' packed rows", () => {
  it("carry any text, quotes and all, and every rating in rating id order", async () => {
    const persona = `o'Brien — ü ${uniqueName("p")}`;
    const planted = await plantTurns(
      [
        { persona, score: 0.8125, ratings: [["José", 4], ["x'y", 3], ["a\\b", 2], ["名前", 4]], dimension: "flüency" },
        { persona: "thesis", score: 0.25, ratings: [["José", 1], ["", 2], ["x'y", 1]] },
      ],
      { withImport: true },
    );
    const [a, b] = planted.turnIds;
    const judge = scopeOf(planted.judgeId);
    const expected = [
      [a, persona, "flüency", "overall", 0.8125, null, planted.importId, ["a:José=4", "a:x'y=3", "a:a\\b=2", "a:名前=4"]],
      [b, "thesis", "overall", "overall", 0.25, null, planted.importId, ["a:José=1", "a:=2", "a:x'y=1"]],
    ];
    expect(await unitsOf(judge, planted.sessionId)).toEqual(expected);
    expect(await unitsOf(scopeOf(planted.judgeId, { persona }), planted.sessionId)).toEqual([expected[0]]);
    expect(await unitsOf(scopeOf(planted.judgeId, { criterion: "flüency" }), planted.sessionId)).toEqual([expected[0]]);
    expect(await unitsOf(scopeOf(planted.judgeId, { persona: "o'Brien' OR true --" }), planted.sessionId)).toEqual([]);

    await getDb().$executeRawUnsafe(`INSERT INTO adjudications (turn_id, level) VALUES ($1, 3)`, b);
    expect((await unitsOf(judge, planted.sessionId))[1]).toEqual([b, "thesis", "overall", "overall", 0.25, 3, planted.importId, ["a:José=1", "a:=2", "a:x'y=1"]]);
  });

  it("read in many small blocks of turns give the same units as in the usual blocks", async () => {
    const planted = await plantTurns(
      Array.from({ length: 40 }, (_, i) => ({ persona: ["thesis", "antithesis"][i % 2], score: i / 40, ratings: i % 3 === 0 ? [] : ([["r1", 1 + (i % 4)], ["r2", 1 + (i % 3)]] as [string, number][]) })),
      { judge: uniqueName("packed-blocks") },
    );
    const scope = scopeOf(planted.judgeId);
    const usual = await findAgreementData(scope);
    // The report's reads never sort: the units come in turn order off the primary key.
    expect((await reportReadPool().query<{ enable_sort: string }>("SHOW enable_sort")).rows[0].enable_sort).toBe("off");
    expect(usual.units.turnId.length).toBe(26);
    expect(await findAgreementData(scope, { block: 1 })).toEqual(usual);
  });

  it("name the raters in the report, users by their name and annotators by their label, in the order first met", async () => {
    const planted = await plantTurns(
      [
        { score: 0.9, ratings: [["Zoë", 4]] },
        { score: 0.2, ratings: [["x'y", 1], ["Zoë", 2]] },
      ],
      { judge: uniqueName("packed-names") },
    );
    const user = await createTestUser("rater");
    await getDb().$executeRawUnsafe(`INSERT INTO ratings (turn_id, rater_id, level, source) VALUES ($1, $2, 3, 'queue')`, planted.turnIds[0], user.id);
    const thresholds = await createThresholdVersion({ fair: 0.5, good: 0.65, excellent: 0.8 });

    const { report, pairs } = await computeAgreement({ judge: planted.judge, thresholds });

    expect(pairs.raters).toEqual(["a:Zoë", `u${user.id}`, "a:x'y"]);
    expect(Object.entries(report.raterNames)).toEqual([["a:Zoë", "Zoë"], ["a:x'y", "x'y"], [`u${user.id}`, "Test rater"]]);
  });
});
