import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIXTURES, fixtureBytes } from "@/lib/ingest/sources/test-helpers";
import { uniqueId } from "@/lib/server/import/test-helpers";
import { run } from "./import.ts";

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

const fixture = (name: string) => path.join(FIXTURES, name);

describe("concord import --from", () => {
  it("prints what it understood on --dry-run and stores nothing, then imports, then stores nothing new", async () => {
    const judge = uniqueId("cli-lf");
    const file = fixture("langfuse-scores.json");

    const dry = await cli("--from", "langfuse", file, "--dry-run", "--judge-name", judge);
    const first = await cli("--from", "langfuse", file, "--judge-name", judge);
    const second = await cli("--from", "auto", file, "--judge-name", judge);

    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(
      [
        `${file}: dry run, nothing stored: would import 1 session / 5 turns / 6 ratings; criteria: helpful ordinal (inferred), correct binary [false, true] positive true (declared), tone categorical [casual, formal] (declared)`,
        "  Langfuse: 4 items, 4 judge-human pairs (item + criterion)",
        "  criteria:",
        "    helpful: ordinal (inferred); 2 judge values, 3 human values",
        "    correct: binary [false, true] positive true (from the source); 1 judge value, 1 human value",
        "    tone: categorical [casual, formal] (from the source); 1 judge value, 2 human values",
        "  raters (human): user-ana (3), user-ben (3)",
        `  judge: imported:${judge} from cfg-correct-judge (1), cfg-helpful-judge (2), cfg-tone-judge (1)`,
        "  items without a judge value: 1 (tr-d tone)",
        "  left out: 1 record, API scores (neither an evaluator nor an annotation)",
        "",
      ].join("\n"),
    );
    expect(first).toMatchObject({ code: 0, stdout: expect.stringMatching(/: imported 1 session \/ 5 turns \/ 6 ratings; criteria: /) });
    expect(second).toMatchObject({ code: 0, stdout: expect.stringMatching(/: already imported \(session /) });
  });

  it("fails on a file mixing two tools' records, naming the line, and exits 1", async () => {
    const file = fixture("mixed-langfuse-langsmith.jsonl");
    const result = await cli("--from", "auto", file);
    expect(result).toEqual({
      code: 1,
      stdout: `${file}: nothing imported, the file has problems:\n  line 3: this is a LangSmith record, but the file was read as Langfuse: a file must hold one tool's records\n`,
      stderr: "",
    });
  });

  it("refuses a live-pull flag without --url, and an unknown tool", async () => {
    expect((await cli("--from", "langfuse", "--token", "x", "f.json")).stderr).toMatch(/^concord import: --token belongs to a live pull, which needs --url\n/);
    expect((await cli("--from", "wandb", "f.json")).stderr).toMatch(/^concord import: --from: expected one of langfuse, langsmith, phoenix, label-studio, argilla, inspect or auto, got "wandb"\n/);
  });

  it("pulls from Langfuse's API with progress on stderr and the result on stdout", async () => {
    const server = createServer((request, response) => {
      const page = new URL(request.url ?? "/", "http://stub").searchParams.get("page");
      response.writeHead(200, { "content-type": "application/json" });
      response.end(Buffer.from(fixtureBytes(`langfuse-page-${page}.json`)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await cli("--from", "langfuse", "--url", url, "--public-key", uniqueId("pk"), "--secret-key", "sk", "--judge-name", uniqueId("cli-pull"));
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(
        [`Langfuse ${url}: page 1 of 3, 4 scores`, `Langfuse ${url}: page 2 of 3, 8 scores`, `Langfuse ${url}: page 3 of 3, 11 scores`, `Langfuse ${url}: importing 11 scores`, ""].join("\n"),
      );
      expect(result.stdout).toMatch(new RegExp(`^Langfuse ${url.replace(/[.]/g, "\\.")}: imported 1 session / 5 turns / 6 ratings; criteria: `));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("says how to fix a refused key, and exits 1", async () => {
    const server = createServer((_request, response) => {
      response.writeHead(401);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await cli("--from", "label-studio", "--url", url, "--token", "bad", "--project", "3");
      expect(result).toEqual({ code: 1, stdout: "", stderr: "concord import: Label Studio refused the credentials (HTTP 401): check --token (Account & Settings → Access Token)\n" });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
