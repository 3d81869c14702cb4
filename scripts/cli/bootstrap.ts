import { ensureFirstAdmin } from "@/lib/server/auth/ensure-first-admin";
import { isDatabaseEmpty, seedDemo } from "@/lib/server/import/seed-demo";
import { closeImportPool } from "@/lib/server/import/with-import-transaction";
import { applyMigrations } from "@/lib/server/migrate";
import { ensureDefaultRubric } from "@/lib/server/rubrics/ensure-default-rubric";
import { ensureDisplayJudge } from "@/lib/server/sessions/session-display";
import { ensureSeedThresholds, getActiveThresholds } from "@/lib/server/thresholds/get-active-thresholds";
import { getScoringJudge } from "@/lib/server/thresholds/get-scoring-judge";

/**
 * `concord bootstrap`: what `npm start` runs before serving — pending migrations, then
 * first-run setup: the seed's thresholds as version 1, the default rubric, an admin when none exists (its
 * generated password printed this once), demo data in an empty database (unless
 * CONCORD_DEMO_DATA=off), and the sessions list's display judge.
 */
export async function run(args: string[]): Promise<number> {
  if (args.includes("--help")) {
    process.stdout.write("usage: concord bootstrap\n\nApplies migrations and prepares an empty database (run by npm start).\n");
    return 0;
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write("concord bootstrap: DATABASE_URL is not set\n");
    return 1;
  }
  const say = (line: string) => process.stdout.write(`[concord] ${line}\n`);
  const applied = await applyMigrations(url, { log: say });
  if (applied.length === 0) say("Database schema is up to date.");

  if (await ensureSeedThresholds()) say("Quality thresholds: stored seed 002's defaults as version 1.");
  await ensureDefaultRubric();
  const admin = await ensureFirstAdmin();
  if (admin?.isGenerated) {
    const port = process.env.PORT ?? "3000";
    const lines = [
      "First admin created. This password is shown only this once:",
      "",
      `  email:    ${admin.email}`,
      `  password: ${admin.password}`,
      "",
      `Sign in at http://localhost:${port}/sign-in; you will choose your own password then.`,
    ];
    const width = Math.max(...lines.map((line) => line.length)) + 2;
    process.stdout.write(`\n┌${"─".repeat(width)}┐\n${lines.map((line) => `│ ${line.padEnd(width - 1)}│`).join("\n")}\n└${"─".repeat(width)}┘\n\n`);
  } else if (admin) {
    say(`First admin ${admin.email} created with the password from ADMIN_PASSWORD.`);
  }

  if (process.env.CONCORD_DEMO_DATA !== "off" && (await isDatabaseEmpty())) {
    say("Empty database: adding demo data (60 sessions, ratings by 3 demo raters)…");
    const result = await seedDemo();
    if (result.status !== "skipped") say(`Demo data: ${result.sessions} sessions, ${result.turns} turns, ${result.ratings} ratings.`);
    await closeImportPool();
  }

  // The display judge of the sessions list and the queue follows the active thresholds
  // (getDisplayScoring keeps it so); set here so that the first page load after an upgrade
  // does not wait for it. A queue rescore it needs is left to the server, in the background.
  const active = await getActiveThresholds();
  if (active.id !== null) {
    await ensureDisplayJudge((await getScoringJudge({ id: active.id }, { startRecompute: false })).judge.id, { queue: "later" });
  }
  return 0;
}
