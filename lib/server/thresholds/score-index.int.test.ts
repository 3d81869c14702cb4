import { afterEach, describe, expect, it } from "vitest";
import { clearScoreIndex, loadScoreIndex, type ScoreIndex } from "./load-score-index";
import { clearScoreColumns, lastScoreRead, readScoreColumns, type ScoreColumns } from "./read-score-columns";
import { scorePool } from "./score-pool";
import { insertScoredSession, useScratchDatabase, type TurnSpec } from "./thresholds-test-data";

let drop: (() => Promise<void>) | null = null;
afterEach(async () => {
  clearScoreIndex();
  await drop?.();
  drop = null;
});

function turns(count: number, offset: number, personas = ["thesis", "antithesis", "synthesis"]): TurnSpec[] {
  return Array.from({ length: count }, (_, i) => {
    const k = i + offset;
    const personaId = personas[k % personas.length];
    return {
      personaId,
      length: k % 11 === 0 ? null : (k % 100) / 100,
      sentiment: ((k * 37) % 200) / 100 - 1,
      completeness: k % 13 === 0 ? null : ((k * 7) % 100) / 100,
      critical: personaId === "antithesis" ? ((k * 3) % 100) / 100 : null,
      ...(k % 5 === 0 ? { ratings: [1 + (k % 4), 1 + ((k * 3) % 4)] } : {}),
    };
  });
}

type Plain = { n: number; rated?: number[]; persona: string[]; [column: string]: unknown };

/** The index as plain values, personas by name (their numbering may differ between reads). */
function plain(index: ScoreIndex | ScoreColumns): Plain {
  const { personas, persona, n, ...columns } = index;
  return {
    ...Object.fromEntries(Object.entries(columns).map(([key, value]) => [key, Array.from(value as ArrayLike<number>)])),
    n,
    persona: Array.from(persona, (p) => personas[p]),
  };
}

/** The index as a first read gives it. */
async function readAfresh(): Promise<ReturnType<typeof plain>> {
  clearScoreIndex();
  const index = plain(await loadScoreIndex());
  expect(lastScoreRead.kind).toBe("full");
  return index;
}

describe("the thresholds preview's score index", () => {
  it("after a data change reads only what changed, and equals a first read every time", async () => {
    drop = await useScratchDatabase();
    const sessions = [];
    for (let s = 0; s < 12; s++) sessions.push(await insertScoredSession(turns(25 + s, s * 40)));

    const first = await loadScoreIndex();
    expect(lastScoreRead).toEqual({ kind: "full", rows: first.n });
    expect(first.n).toBe(12 * 25 + 66);
    expect(Array.from(first.turnId)).toEqual([...first.turnId].sort((a, b) => a - b));
    expect(first.rated.length).toBeGreaterThan(50);

    // A rating: the scores are kept, the human levels read again.
    await scorePool().query("INSERT INTO ratings (turn_id, annotator, level, source) VALUES ($1, 'late', 4, 'imported')", [sessions[3].turnIds[1]]);
    const rated = plain(await loadScoreIndex());
    expect(lastScoreRead.kind).toBe("kept");
    expect(rated.rated!.length).toBe(first.rated.length + 1);
    expect(rated).toEqual(await readAfresh());

    // Two new sessions, one with a persona never seen before: their turns are appended.
    await loadScoreIndex();
    await insertScoredSession(turns(30, 1000, ["thesis", "newcomer"]));
    await insertScoredSession(turns(7, 2000));
    const appended = plain(await loadScoreIndex());
    expect(lastScoreRead).toEqual({ kind: "appended", rows: 37 });
    expect(appended.persona).toContain("newcomer");
    expect(appended).toEqual(await readAfresh());

    // A score removed, then written again for an already-read turn: read again whole. (The
    // data version does not see a removed score, so the columns are asked for directly.)
    const [{ id: judgeId }] = (await scorePool().query<{ id: number }>("SELECT id FROM judges WHERE name = 'heuristic' AND version = 'v1'")).rows;
    const before = await readScoreColumns(judgeId);
    await scorePool().query("DELETE FROM judge_scores WHERE turn_id = $1 AND judge_id = $2", [sessions[5].turnIds[2], judgeId]);
    const removed = plain(await readScoreColumns(judgeId));
    expect(lastScoreRead.kind).toBe("full");
    expect(removed.n).toBe(before.n - 1);
    await scorePool().query(
      "INSERT INTO judge_scores (turn_id, judge_id, overall_score, length_score, sentiment_score, completeness_score) VALUES ($1, $2, 0.5, 0.25, -0.5, 0.75)",
      [sessions[5].turnIds[2], judgeId],
    );
    const rewritten = plain(await readScoreColumns(judgeId));
    expect(lastScoreRead.kind).toBe("full");
    clearScoreColumns();
    expect(rewritten).toEqual(plain(await readScoreColumns(judgeId)));

    // A session removed: read again whole.
    await loadScoreIndex();
    await scorePool().query("DELETE FROM eval_sessions WHERE id = $1", [sessions[0].sessionId]);
    const fewer = plain(await loadScoreIndex());
    expect(lastScoreRead.kind).toBe("full");
    expect(fewer.n).toBe(rewritten.n - 25);
    expect(fewer).toEqual(await readAfresh());
  });
});
