import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as getWeighting } from "@/app/api/v1/agreement/weighting/route";
import { createTestUser } from "@/scripts/test/factories";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { hajekMeanCi, weightedPpiMean } from "@/lib/stats/ipw";
import { classicalMeanCi } from "@/lib/stats/ppi";
import { getDb } from "../db";
import { createRaters } from "../queue/queue-test-data";
import { getTrustReport } from "../verdict/get-trust-report";
import { getWeightedAgreement } from "./get-weighted-agreement";
import { createThresholdVersion, plantTurns, uniqueName } from "./test-helpers";

const CUTOFFS = { fair: 0.5, good: 0.65, excellent: 0.8 };
const levelOf = (score: number) => 1 + [CUTOFFS.fair, CUTOFFS.good, CUTOFFS.excellent].filter((c) => score >= c).length;

describe("the report's weighted figures", () => {
  it("weights each queue-rated turn by 1/π of its first rating, and corrects the mean over every scored turn", async () => {
    const judge = uniqueName("weighting-test");
    const scores = [0.51, 0.66, 0.3, 0.9, 0.55, 0.7, 0.2, 0.45, 0.85, 0.6, 0.35, 0.75];
    const planted = await plantTurns(scores.map((score) => ({ score, ratings: [] })), { judge });
    const thresholds = await createThresholdVersion(CUTOFFS);
    const [first, second] = await createRaters(2);
    // The first 8 turns are rated in the queue; two of them (the escalated ones) twice. The last 4 are unrated.
    const served = [
      { human: 1, p: 0.52, escalated: true, day: "2026-03-02" },
      { human: 3, p: 0.52, escalated: true, day: "2026-03-03" },
      { human: 1, p: 0.05, escalated: false, day: "2026-03-02" },
      { human: 4, p: 0.05, escalated: false, day: "2026-03-04" },
      { human: 3, p: 0.0625, escalated: false, day: "2026-03-09" },
      { human: 3, p: 0.0625, escalated: false, day: "2026-03-10" },
      { human: 1, p: 0.0625, escalated: false, day: "2026-03-10" },
      { human: 1, p: 0.0625, escalated: false, day: "2026-03-11" },
    ];
    const rows = served.flatMap((s, i) => [
      { turn_id: planted.turnIds[i], rater_id: first, level: s.human, p: s.p, escalated: s.escalated, at: `${s.day}T10:00:00Z` },
      // A second, later rating of the escalated turns: the first one's probability counts.
      ...(s.escalated ? [{ turn_id: planted.turnIds[i], rater_id: second, level: s.human, p: 0.9, escalated: false, at: `${s.day}T11:00:00Z` }] : []),
    ]);
    await getDb().$executeRaw`
      INSERT INTO ratings (turn_id, rater_id, criterion, level, source, inclusion_probability, is_escalated, created_at)
      SELECT r.turn_id, r.rater_id, 'overall', r.level, 'queue', r.p, r.escalated, r.at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(turn_id int, rater_id int, level int, p float8, escalated boolean, at timestamptz)`;

    const report = await getWeightedAgreement({ judge, thresholds });

    const judgeLevels = scores.map(levelOf);
    const agree = served.map((s, i) => (s.human === judgeLevels[i] ? 1 : 0));
    const probabilities = served.map((s) => s.p);
    expect(report).toMatchObject({ nRated: 8, nSampled: 8, nEscalated: 2 });
    const agreement = report.figures.find((f) => f.key === "agreement")!;
    expect(agreement.weighted).toEqual(hajekMeanCi(agree, probabilities));
    expect(agreement.unweighted).toEqual(classicalMeanCi(agree));
    expect(agreement.weighted.mean).not.toBeCloseTo(agreement.unweighted.mean!, 3);
    expect(report.quality!.weighted).toEqual(
      weightedPpiMean(
        served.map((s) => s.human),
        judgeLevels.slice(0, 8),
        probabilities,
        judgeLevels, // every scored turn in scope: the 8 rated and the 4 unrated
      ),
    );
    // The trust report's corrected estimate weights the same way once every rated turn has a probability.
    const trust = await getTrustReport({ judge, thresholds });
    const meanLevel = trust.trust.quality.meanLevel;
    expect(meanLevel.isWeighted).toBe(true);
    for (const key of ["mean", "ciLow", "ciHigh", "lambda"] as const) expect(meanLevel.corrected[key]).toBeCloseTo(report.quality!.weighted[key]!, 12);
    expect(meanLevel.humanOnly.mean).toBeCloseTo(hajekMeanCi(served.map((s) => s.human), probabilities).mean!, 12);
    // Week of 2 March: turns 0 (escalated, human 1 vs judge 2: disagree), 1 (escalated, 3 = 3), 2 (1 = 1), 3 (4 = 4);
    // week of 9 March: turn 4 (3 vs 2) disagrees, 5–7 agree.
    expect(report.feedback).toEqual([
      { weekStart: "2026-03-02", escalated: { n: 2, disagreement: 0.5 }, sampled: { n: 2, disagreement: 0 } },
      { weekStart: "2026-03-09", escalated: { n: 0, disagreement: null }, sampled: { n: 4, disagreement: 0.25 } },
    ]);
  });

  it("is read by a viewer, refused to a rater and to nobody signed in, and names a bad scope", async () => {
    const get = (path: string, cookie?: string) => {
      const headers = new Headers({ host: "localhost:3000" });
      if (cookie) headers.set("cookie", `${SESSION_COOKIE}=${cookie}`);
      return new NextRequest(`http://localhost:3000${path}`, { headers });
    };
    const context = { params: Promise.resolve({}) };
    const viewer = (await createSession((await createTestUser("viewer")).id)).token;
    const rater = (await createSession((await createTestUser("rater")).id)).token;
    const judge = (await plantTurns([{ score: 0.7, ratings: [["a", 3]] }], { judge: uniqueName("weighting-route") })).judge;
    const path = `/api/v1/agreement/weighting?judge=${encodeURIComponent(judge)}&thresholds=${await createThresholdVersion(CUTOFFS)}`;
    const viewed = await getWeighting(get(path, viewer), context);
    expect(viewed.status).toBe(200);
    expect(Object.keys(await viewed.json()).sort()).toEqual(["feedback", "figures", "nEscalated", "nRated", "nSampled", "quality"]);
    expect((await getWeighting(get(path, rater), context)).status).toBe(403);
    expect((await getWeighting(get(path), context)).status).toBe(401);
    expect((await getWeighting(get("/api/v1/agreement/weighting?from=2026-13-01", viewer), context)).status).toBe(400);
  });
});
