// `concord seed-demo`: demo sessions, scores and ratings for an empty database.
import { parseArgs } from "node:util";
import { getDb } from "@/lib/server/db";
import { seedDemo } from "@/lib/server/import/seed-demo";
import { closeImportPool } from "@/lib/server/import/with-import-transaction";

const USAGE = `usage: concord seed-demo [--sessions N] [--seed N]

Imports N demo orchestrator sessions (default 60, 9 turns each) scored by the heuristic judge,
and ratings on about half their turns by three demo raters, into the database at
DATABASE_URL. Does nothing when the database already holds sessions.`;

export async function run(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, strict: true, options: { sessions: { type: "string" }, seed: { type: "string" }, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    process.stderr.write(`concord seed-demo: ${(error as Error).message}\n\n${USAGE}\n`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const sessions = values.sessions === undefined ? 60 : Number(values.sessions);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (!Number.isInteger(sessions) || sessions < 1 || sessions > 10_000 || (seed !== undefined && !Number.isInteger(seed))) {
    process.stderr.write(`concord seed-demo: --sessions must be an integer from 1 to 10000 and --seed an integer\n`);
    return 1;
  }
  if (!process.env.DATABASE_URL) {
    process.stderr.write("concord seed-demo: DATABASE_URL is not set\n");
    return 1;
  }
  try {
    const result = await seedDemo({ sessions, seed });
    process.stdout.write(
      result.status === "skipped"
        ? `Nothing seeded: ${result.reason}.\n`
        : `Seeded ${result.sessions} demo sessions (${result.turns} turns, ${result.ratings} ratings by ${result.raters} demo raters).\n`,
    );
    return 0;
  } finally {
    await getDb().$disconnect();
    await closeImportPool();
  }
}
