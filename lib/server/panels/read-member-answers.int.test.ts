import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { plantTurns, uniqueName } from "../agreement/test-helpers";
import { withImportTransaction } from "../import/with-import-transaction";
import { readMemberLabelCodes, readMemberScores } from "./read-member-answers";

async function newJudge(): Promise<number> {
  const [{ id }] = await getDb().$queryRawUnsafe<{ id: number }[]>(`INSERT INTO judges (name, version, kind) VALUES ($1, '1', 'llm') RETURNING id`, uniqueName("reader"));
  return id;
}

async function labeller(turnIds: number[], labels: (string | null)[]): Promise<number> {
  const id = await newJudge();
  for (const [i, label] of labels.entries()) {
    if (label !== null) await getDb().$executeRawUnsafe(`INSERT INTO judge_labels (turn_id, judge_id, label) VALUES ($1, $2, $3)`, turnIds[i], id, label);
  }
  return id;
}

/** Each member's labels per turn, as the reader decodes them. */
async function readLabels(members: number[]) {
  const { dictionary, members: read } = await withImportTransaction((client) => readMemberLabelCodes(client, members), { isDryRun: true });
  return read.map((m) => ({ turnIds: Array.from(m.turnIds), labels: Array.from(m.codes, (code) => dictionary[code]) }));
}

describe("readMemberLabelCodes", () => {
  it("reads each member's labels exactly, one code per distinct label across members, and a member with no labels as none", async () => {
    const t = (await plantTurns([0.1, 0.2, 0.3, 0.4].map((score) => ({ score, ratings: [] })))).turnIds;
    const a = await labeller(t, ["ok", "ça va 😀", "", "ok"]);
    const b = await labeller(t, ["ça va 😀", null, "ok", "no"]);
    const none = await labeller(t, [null, null, null, null]);
    const { dictionary, members } = await withImportTransaction((client) => readMemberLabelCodes(client, [a, none, b]), { isDryRun: true });
    expect(members.map((m) => Array.from(m.turnIds))).toEqual([t, [], [t[0], t[2], t[3]]]);
    expect(members.map((m) => Array.from(m.codes, (code) => dictionary[code]))).toEqual([["ok", "ça va 😀", "", "ok"], [], ["ça va 😀", "ok", "no"]]);
    // Equal labels, equal codes, across members.
    expect([...dictionary].sort()).toEqual(["", "no", "ok", "ça va 😀"]);
    expect(members[0].codes[0]).toBe(members[2].codes[1]);
  });

  it("reads labels holding newlines and backslashes exactly (the escaped second read)", async () => {
    const t = (await plantTurns([0.1, 0.2, 0.3].map((score) => ({ score, ratings: [] })))).turnIds;
    const a = await labeller(t, ["fa\nir", "po\\nor", "a\\\\b\n"]);
    const b = await labeller(t, ["po\\nor", "\n", "good"]);
    expect(await readLabels([a, b])).toEqual([
      { turnIds: t, labels: ["fa\nir", "po\\nor", "a\\\\b\n"] },
      { turnIds: t, labels: ["po\\nor", "\n", "good"] },
    ]);
  });
});

describe("readMemberScores", () => {
  it("reads each member's scores bit for bit in turn order, and a member with no scores as none", async () => {
    const t = (await plantTurns([0.1, 0.2, 0.3].map((score) => ({ score, ratings: [] })))).turnIds;
    const a = await newJudge();
    const none = await newJudge();
    const values = [0.1 + 0.2, -0, 1e-300];
    // Inserted out of turn order (the reader hands them back ascending), as text so that −0 stays −0.
    for (const i of [2, 0, 1]) await getDb().$executeRawUnsafe(`INSERT INTO judge_scores (turn_id, judge_id, overall_score) VALUES ($1, $2, $3::text::float8)`, t[i], a, Object.is(values[i], -0) ? "-0" : String(values[i]));
    const read = await withImportTransaction((client) => readMemberScores(client, [a, none]), { isDryRun: true });
    expect(read.map((m) => Array.from(m.turnIds))).toEqual([t, []]);
    expect(Array.from(read[0].scores)).toEqual(values);
    expect(Object.is(read[0].scores[1], -0)).toBe(true);
    expect(read[1].scores.length).toBe(0);
  });
});
