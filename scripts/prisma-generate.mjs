// Generates the Prisma client without Prisma's download server: `prisma generate` only
// needs the schema engine path to exist, never runs it (see ../shared/ENVIRONMENT.md).
// The variable is set for this one child process only; `migrate deploy` must never see it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const prismaBin = "node_modules/.bin/prisma";
if (!existsSync("prisma/schema.prisma") || !existsSync(prismaBin)) process.exit(0);

const result = spawnSync(prismaBin, ["generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true",
    CHECKPOINT_DISABLE: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
process.exit(result.status ?? 1);
