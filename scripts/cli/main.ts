// Dispatches `concord <command> …` to one module per command. Each module exports
// `run(args: string[]): Promise<number>` returning the exit code (0 ok, 1 bad input).
type Command = { summary: string; load: () => Promise<{ run: (args: string[]) => Promise<number> }> };

const commands: Record<string, Command> = {
  migrate: { summary: "apply pending database migrations", load: () => import("./migrate.ts") },
  bootstrap: { summary: "migrate and prepare an empty database (run by npm start)", load: () => import("./bootstrap.ts") },
  import: { summary: "import orchestrator logs or judge-vs-human data (JSONL, CSV)", load: () => import("./import.ts") },
  "seed-demo": { summary: "demo sessions, scores and ratings for an empty database", load: () => import("./seed-demo.ts") },
  thresholds: { summary: "quality cut-offs and persona weights: show | history | set | restore | calibrate | recompute", load: () => import("./thresholds.ts") },
  user: { summary: "manage users: create | set-role | reset-password | deactivate | activate | list", load: () => import("./user.ts") },
  score: { summary: "score JSONL turns on stdin with the heuristic judge", load: () => import("./score.ts") },
  agreement: { summary: "agreement statistics on a JSONL or CSV of paired ratings (also --alt-test, --ppi)", load: () => import("./agreement.ts") },
  calibrate: { summary: "map a judge's score onto the human scale (isotonic), with its out-of-fold error; also: weights", load: () => import("./calibrate.ts") },
  gate: { summary: "pass / fail / inconclusive of one figure against a bar (exit 0 / 2 / 3), for CI", load: () => import("./gate.ts") },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`);
  return `usage: concord <command> [options]\n\ncommands:\n${lines.join("\n")}\n`;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    process.stdout.write(usage());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`concord: unknown command "${name}"\n\n${usage()}`);
    return 1;
  }
  const module = await command.load();
  try {
    return await module.run(rest);
  } finally {
    await closeDatabaseClients();
  }
}

/** An open connection pool would keep the process alive until its idle timeout. */
async function closeDatabaseClients(): Promise<void> {
  const clients = (globalThis as { concordDb?: Map<string, { $disconnect(): Promise<void> }> }).concordDb;
  if (clients) await Promise.all([...clients.values()].map((client) => client.$disconnect()));
}
