import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { plantTurns, uniqueName } from "../agreement/test-helpers";
import { DomainError } from "../errors";
import { meanAggregate, medianAggregate, voteAggregate } from "@/lib/stats/panel";
import { uniformSource } from "@/lib/stats/seeded-random";
import { createPanel } from "./create-panel";

async function judgeWith(turnIds: number[], scores: (number | null)[]): Promise<number> {
  const [{ id }] = await getDb().$queryRawUnsafe<{ id: number }[]>(`INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'llm') RETURNING id`, uniqueName("member"));
  for (const [i, score] of scores.entries()) {
    if (score !== null) await getDb().$executeRawUnsafe(`INSERT INTO judge_scores (turn_id, judge_id, overall_score) VALUES ($1, $2, $3)`, turnIds[i], id, score);
  }
  return id;
}

async function labeller(turnIds: number[], labels: (string | null)[]): Promise<number> {
  const [{ id }] = await getDb().$queryRawUnsafe<{ id: number }[]>(`INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'llm') RETURNING id`, uniqueName("voter"));
  for (const [i, label] of labels.entries()) {
    if (label !== null) await getDb().$executeRawUnsafe(`INSERT INTO judge_labels (turn_id, judge_id, label) VALUES ($1, $2, $3)`, turnIds[i], id, label);
  }
  return id;
}

const scoresOf = async (judgeId: number) =>
  (await getDb().judgeScore.findMany({ where: { judgeId }, orderBy: { turnId: "asc" }, select: { turnId: true, overallScore: true } })).map((s) => [s.turnId, s.overallScore]);

describe("createPanel", () => {
  it("stores the mean or median of the members' scores on the turns every member scored, as the next version of its name", async () => {
    const planted = await plantTurns([{ score: 0.2, ratings: [] }, { score: 0.5, ratings: [] }, { score: 0.9, ratings: [] }]);
    const t = planted.turnIds;
    const b = await judgeWith(t, [0.4, 0.6, null]);
    const c = await judgeWith(t, [0.9, 0.1, 0.3]);
    const name = uniqueName("panel");

    const mean = await createPanel({ name, aggregate: "mean", members: [planted.judgeId, b, c] });
    expect(mean).toMatchObject({ name, version: "1", turns: 2 });
    const means = await scoresOf(mean.id);
    expect(means.map(([turn]) => turn)).toEqual([t[0], t[1]]);
    expect(means[0][1]).toBeCloseTo((0.2 + 0.4 + 0.9) / 3, 14);
    expect(means[1][1]).toBeCloseTo((0.5 + 0.6 + 0.1) / 3, 14);

    const median = await createPanel({ name, aggregate: "median", members: [planted.judgeId, b] });
    expect(median).toMatchObject({ version: "2", turns: 2 });
    expect(await scoresOf(median.id)).toEqual([
      [t[0], 0.30000000000000004],
      [t[1], 0.55],
    ]);
    const judge = await getDb().judge.findUniqueOrThrow({ where: { id: median.id } });
    expect(judge).toMatchObject({ kind: "panel", config: { panel: { aggregate: "median", members: [{ id: planted.judgeId }, { id: b }] } } });
    // The session list's aggregates see the panel like any judge.
    expect(await getDb().sessionScore.count({ where: { judgeId: median.id } })).toBe(1);
  });

  it("takes the majority label, a tie going to the earliest-listed member's label, with the winning share as confidence", async () => {
    const planted = await plantTurns([{ score: 0.5, ratings: [] }, { score: 0.5, ratings: [] }, { score: 0.5, ratings: [] }]);
    const t = planted.turnIds;
    const a = await labeller(t, ["ok", "toxic", "ok"]);
    const b = await labeller(t, ["toxic", "ok", "ok"]);
    const c = await labeller(t, ["off", "toxic", null]);
    const d = await labeller(t, ["ok", "off", "toxic"]);

    const panel = await createPanel({ name: uniqueName("vote"), aggregate: "vote", members: [c, a, b, d] });

    const labels = await getDb().judgeLabel.findMany({ where: { judgeId: panel.id }, orderBy: { turnId: "asc" }, select: { turnId: true, label: true, confidence: true } });
    // Turn 1: ok 2, toxic 1, off 1. Turn 2: toxic 2 (c first), ok 1, off 1. Turn 3: c did not answer.
    expect(labels).toEqual([
      { turnId: t[0], label: "ok", confidence: 0.5 },
      { turnId: t[1], label: "toxic", confidence: 0.5 },
    ]);
    const tie = await createPanel({ name: uniqueName("tie"), aggregate: "vote", members: [b, a] });
    expect((await getDb().judgeLabel.findMany({ where: { judgeId: tie.id }, orderBy: { turnId: "asc" } })).map((l) => l.label)).toEqual(["toxic", "ok", "ok"]);
  });

  it("refuses members without a common turn, a name of another kind of judge, and leaves nothing behind", async () => {
    const one = await plantTurns([{ score: 0.5, ratings: [] }]);
    const two = await plantTurns([{ score: 0.7, ratings: [] }]);
    const name = uniqueName("empty");
    await expect(createPanel({ name, aggregate: "mean", members: [one.judgeId, two.judgeId] })).rejects.toThrow(/no turn that all of them scored/);
    expect(await getDb().judge.count({ where: { name } })).toBe(0);
    const error = await createPanel({ name: one.judge, aggregate: "mean", members: [one.judgeId, two.judgeId] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("conflict");
  });

  it("stores exactly what lib/stats computes from the same answers, for every rule, with ties and members missing turns", async () => {
    const n = 120;
    const planted = await plantTurns(Array.from({ length: n }, () => ({ score: 0.5, ratings: [] })));
    const t = planted.turnIds;
    const random = uniformSource(2101);
    // Five members; each skips about one turn in eight. Scores on a coarse grid and 3 labels (one with a newline,
    // one with a backslash before an n, as the way labels are read escapes both), so ties are common.
    const answers = Array.from({ length: 5 }, () => t.map(() => (random() < 0.12 ? null : { score: Math.floor(random() * 6) / 5 + 0.1, label: ["good", "fa\nir", "po\\nor"][Math.floor(random() * 3)] })));
    const members: number[] = [];
    for (const member of answers) {
      const [{ id }] = await getDb().$queryRawUnsafe<{ id: number }[]>(`INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'llm') RETURNING id`, uniqueName("exact"));
      const kept = t.flatMap((turnId, i) => (member[i] ? [{ turnId, ...member[i] }] : []));
      await getDb().$executeRawUnsafe(`INSERT INTO judge_scores (turn_id, judge_id, overall_score) SELECT unnest($1::int[]), $2, unnest($3::float8[])`, kept.map((a) => a.turnId), id, kept.map((a) => a.score));
      await getDb().$executeRawUnsafe(`INSERT INTO judge_labels (turn_id, judge_id, label) SELECT unnest($1::int[]), $2, unnest($3::text[])`, kept.map((a) => a.turnId), id, kept.map((a) => a.label));
      members.push(id);
    }
    const complete = t.map((_, i) => i).filter((i) => answers.every((member) => member[i] !== null));
    expect(complete.length).toBeGreaterThan(30);
    expect(complete.length).toBeLessThan(n);
    const scores = answers.map((member) => complete.map((i) => member[i]!.score));
    const labels = answers.map((member) => complete.map((i) => member[i]!.label));

    for (const [rule, expected] of [
      ["mean", Array.from(meanAggregate(scores))],
      ["median", Array.from(medianAggregate(scores))],
    ] as const) {
      const panel = await createPanel({ name: uniqueName(rule), aggregate: rule, members });
      expect(panel.turns).toBe(complete.length);
      const stored = await getDb().judgeScore.findMany({ where: { judgeId: panel.id }, orderBy: { turnId: "asc" }, select: { turnId: true, overallScore: true } });
      expect(stored.map((s) => s.turnId)).toEqual(complete.map((i) => t[i]));
      expect(stored.map((s) => s.overallScore)).toEqual(expected);
    }
    // Median of five: ties in the middle are common on this grid, and some turns must have them.
    expect(complete.filter((_, c) => new Set(scores.map((member) => member[c])).size < 5).length).toBeGreaterThan(0);

    const vote = await createPanel({ name: uniqueName("vote"), aggregate: "vote", members });
    const stored = await getDb().judgeLabel.findMany({ where: { judgeId: vote.id }, orderBy: { turnId: "asc" }, select: { turnId: true, label: true, confidence: true } });
    const winners = voteAggregate(labels);
    expect(stored).toEqual(complete.map((i, c) => ({ turnId: t[i], label: winners[c], confidence: labels.filter((member) => member[c] === winners[c]).length / 5 })));
    // Two-two-one splits, where the tie rule decides, occur in this data.
    expect(complete.filter((_, c) => stored[c].confidence === 0.4).length).toBeGreaterThan(0);
  });
});
