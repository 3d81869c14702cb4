// `npm run bench [name…]`: runs each bench/<name>.bench.ts in its own Node process, so
// that its peak-memory figure is its own, and prints what each one prints.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const available = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .map((f) => f.replace(/\.bench\.ts$/, ""))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(", ")}; available: ${available.join(", ")}`);
  process.exit(1);
}

let failed = 0;
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n== bench/${name} ==`);
  const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", `${dir}${name}.bench.ts`], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
