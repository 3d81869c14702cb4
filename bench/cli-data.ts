// Seeded judge-vs-human files for bench/cli.bench.ts: `rows` rows in `groups` groups, a
// 1–5 human rating, a judge score in [0, 1] with four decimals, and two columns the
// agreement command does not read (an id and a short note, quoted when it holds a comma, as
// pandas writes it), as CSV and as JSONL.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { normalSource, uniformSource } from "../lib/stats/seeded-random.ts";

export const JUDGE_CUTS = [0.2, 0.4, 0.6, 0.8];
const NOTES = ["ok", "too long", "missed the question", "good, cites sources", "off topic; rambling"];

async function write(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  let chunk = "";
  for (const line of lines) {
    chunk += line;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
}

function* rowsOf(rows: number, groups: number, format: "csv" | "jsonl"): Generator<string> {
  const uniform = uniformSource(20_261_125);
  const normal = normalSource(uniformSource(20_261_126));
  if (format === "csv") yield "id,conversation,human,judge,note\n";
  for (let i = 0; i < rows; i++) {
    const quality = normal();
    const human = Math.min(5, Math.max(1, Math.round(3 + 1.2 * quality)));
    const judge = (1 / (1 + Math.exp(-(quality + 0.7 * normal())))).toFixed(4);
    const group = `c${String(Math.floor(uniform() * groups)).padStart(4, "0")}`;
    const note = NOTES[i % NOTES.length];
    yield format === "csv"
      ? `${i},${group},${human},${judge},${note.includes(",") ? `"${note}"` : note}\n`
      : `${JSON.stringify({ id: i, conversation: group, human, judge: Number(judge), note })}\n`;
  }
}

export async function writeAgreementData(path: string, rows: number, groups: number): Promise<void> {
  await write(path, rowsOf(rows, groups, path.endsWith(".csv") ? "csv" : "jsonl"));
}

if (process.argv[1]?.endsWith("cli-data.ts")) {
  const [path, rows = "1000000", groups = "1000"] = process.argv.slice(2);
  await writeAgreementData(path, Number(rows), Number(groups));
}
