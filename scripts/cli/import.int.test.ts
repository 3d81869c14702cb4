import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/server/db";
import { seedExample, turn, uniqueId } from "@/lib/server/import/test-helpers";
import { run } from "./import.ts";

const dir = mkdtempSync(path.join(tmpdir(), "concord-import-cli-"));

function file(name: string, content: string): string {
  const full = path.join(dir, name);
  writeFileSync(full, content);
  return full;
}

function jsonl(lines: object[]): string {
  return lines.map((line) => JSON.stringify(line)).join("\n") + "\n";
}

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await run(args);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

afterEach(() => vi.restoreAllMocks());

describe("concord import", () => {
  it("imports a log file, then says already imported the second time", async () => {
    const id = uniqueId("cli");
    const log = file(`${id}.jsonl`, jsonl([turn(id, "thesis", "One."), turn(id, "synthesis", "Two.")]));

    const first = await cli(log);
    const second = await cli(log);

    expect(first).toEqual({ code: 0, stdout: `${log}: imported 1 session / 2 turns\n`, stderr: "" });
    expect(second).toEqual({ code: 0, stdout: `${log}: already imported (session ${id})\n`, stderr: "" });
  });

  it("imports the seed's pretty-printed example record as it is", async () => {
    const id = uniqueId("cli-seed");
    const log = file(`${id}.json`, JSON.stringify(seedExample(), null, 2));

    const result = await cli(log, "--session-id", id);

    expect(result).toMatchObject({ code: 0, stdout: `${log}: imported 1 session / 1 turn\n` });
    expect(await getDb().turn.count({ where: { session: { externalId: id } } })).toBe(1);
  });

  it("prints the problems of a bad file, goes on with the next, and exits 1", async () => {
    const id = uniqueId("cli-bad");
    const bad = file(`${id}-bad.jsonl`, jsonl([turn(id, "thesis", "x"), { ...turn(id, "thesis", "y"), response: 3 }]));
    const good = file(`${id}-good.jsonl`, jsonl([turn(`${id}-g`, "thesis", "z")]));

    const result = await cli(bad, good);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      `${bad}: nothing imported, the file has problems:\n  line 2, response: expected text, found 3 (a number)\n${good}: imported 1 session / 1 turn\n`,
    );
  });

  it("refuses a changed file under the same session id unless --replace", async () => {
    const id = uniqueId("cli-replace");
    await cli(file(`${id}-1.jsonl`, jsonl([turn(id, "thesis", "old")])));
    const changed = file(`${id}-2.jsonl`, jsonl([turn(id, "thesis", "new")]));

    const refused = await cli(changed);
    const replaced = await cli(changed, "--replace");

    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe(`${changed}: session ${id} is already stored with different content; nothing was imported (import again with replace to overwrite)\n`);
    expect(replaced).toMatchObject({ code: 0, stdout: `${changed}: imported 1 session / 1 turn; 1 replaced\n` });
  });

  it("reads the summary.json beside the log and says where it differs from Concord's", async () => {
    const id = uniqueId("cli-summary");
    const metrics = { overall_score: 0.7 };
    const log = file(`${id}.jsonl`, jsonl([turn(id, "thesis", "a", { evaluation_metrics: metrics })]));
    file(`${id}.summary.json`, JSON.stringify({ total_turns: 1, avg_overall_score: 0.72, quality_rating: "Good" }));

    const result = await cli(log);

    expect(result.stdout).toBe(`${log}: imported 1 session / 1 turn; summary of ${id} differs from Concord's in avg_overall_score\n`);
    const session = await getDb().evalSession.findUniqueOrThrow({ where: { externalId: id } });
    expect(session.importedSummary).toEqual({ total_turns: 1, avg_overall_score: 0.72, quality_rating: "Good" });
  });

  it("imports generic data with the named fields", async () => {
    const id = uniqueId("cli-generic");
    const csv = file(`${id}.csv`, "qid,score,r1,r2\nq1,0.8,4,3\nq2,0.2,1,\n");

    const result = await cli("--generic", csv, "--item-field", "qid", "--judge-field", "score", "--human-field", "r1", "--human-field", "r2", "--session-id", id);

    expect(result).toMatchObject({ code: 0, stdout: `${csv}: imported 1 session / 2 turns / 3 ratings\n` });
    const judge = await getDb().judgeScore.findFirstOrThrow({ where: { turn: { session: { externalId: id } } }, include: { judge: true } });
    expect(judge.judge.name).toBe(`imported:${id}`);
  });

  it("exits 1 with the usage on a wrong command line", async () => {
    const result = await cli("--judge-field", "x", "a.csv");

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^concord import: --judge-field needs --generic\n\nusage:/);
  });

  it("names a file it cannot read", async () => {
    const missing = path.join(dir, "missing.jsonl");

    const result = await cli(missing);

    expect(result).toEqual({ code: 1, stdout: `${missing}: cannot read the file (ENOENT)\n`, stderr: "" });
  });
});

describe("concord import --generic with criterion types", () => {
  it("lists the criterion types it stored in the result line when one is not ordinal", async () => {
    const id = uniqueId("cli-labels");
    const safety = uniqueId("safety");
    const csv = file(`${id}.csv`, `item_id,dimension,judge_score,human_score\nq1,${safety},yes,no\nq2,${safety},no,no\n`);

    const result = await cli("--generic", csv, "--session-id", id);

    expect(result).toMatchObject({ code: 0, stdout: `${csv}: imported 1 session / 2 turns / 2 ratings; criteria: ${safety} binary [no, yes] positive yes (inferred)\n` });
  });

  it("refuses a criterion declared twice with different types", async () => {
    const result = await cli("--generic", "a.csv", "--criterion-type", "s=binary", "--criterion-type", "s=categorical:a,b");

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^concord import: --criterion-type: criterion "s" is declared twice with different types\n/);
  });

  it("prints each refused value by line and field and stores nothing", async () => {
    const id = uniqueId("cli-bad-labels");
    const intent = uniqueId("intent");
    const csv = file(`${id}.csv`, `item_id,dimension,judge_score,human_score,p\nq1,${intent},ask,tell,0.5\nq2,${intent},ask,greet,2\n`);

    const result = await cli("--generic", csv, "--criterion-type", `${intent}=categorical:ask,tell`, "--confidence-field", "p", "--session-id", id);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      `${csv}: nothing imported, the file has problems:\n  line 3, p: a confidence is a number from 0 to 1, got "2"\n  line 3, human_score: "greet" is not a label of categorical criterion "${intent}" (ask, tell)\n`,
    );
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);
  });
});

describe("concord import --generic (spawned)", () => {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const concord = (...args: string[]) => spawnSync(process.execPath, ["scripts/concord.mjs", "import", ...args], { cwd: root, encoding: "utf8", env: process.env });

  it("with --dry-run prints the declared and inferred types and the counts, and stores nothing; then imports", async () => {
    const id = uniqueId("cli-dry");
    const [intent, tags] = [uniqueId("intent"), uniqueId("tags")];
    const csv = file(`${id}.csv`, [`item_id,dimension,judge_score,human_1,human_2`, `q1,${intent},ask,ask,tell`, `q1,${tags},a|b,[],a`, `q2,${tags},[],b,`].join("\n"));
    const args = ["--generic", csv, "--criterion-type", `${intent}=categorical:tell,ask,other`, "--session-id", id];

    const dry = concord(...args, "--dry-run");

    const types = `criteria: ${intent} categorical [tell, ask, other] (declared), ${tags} multilabel [a, b] (inferred)`;
    expect(dry).toMatchObject({ status: 0, stdout: `${csv}: dry run, nothing stored: would import 1 session / 3 turns / 5 ratings; ${types}\n` });
    expect(await getDb().evalSession.count({ where: { externalId: id } })).toBe(0);

    const real = concord(...args);

    expect(real).toMatchObject({ status: 0, stdout: `${csv}: imported 1 session / 3 turns / 5 ratings; ${types}\n` });
    expect(await getDb().judgeLabel.count({ where: { turn: { session: { externalId: id } } } })).toBe(3);
  });
});
