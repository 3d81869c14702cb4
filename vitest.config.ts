import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

// Two projects: pure unit tests, and integration tests (`*.int.test.ts`) that run against
// one throwaway PostgreSQL started by the global setup (or TEST_DATABASE_URL), each worker
// on a database of its own.
export default defineConfig({
  resolve: { alias: { "@": root, "server-only": `${root}scripts/test/server-only-stub.ts` } },
  test: {
    // Vitest's default leaves a core free (one worker on two cores); the workers wait on
    // PostgreSQL and on the processes they start much of the time, so one per core is faster.
    maxWorkers: Math.max(2, availableParallelism()),
    // Time limits catch a test that hangs; they assert nothing about speed. On a machine
    // shared with other work a CPU-heavy test can take several times its usual time, so
    // the limits leave room for that (5 s, Vitest's default, did not).
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", ".data/**"],
          globalSetup: ["scripts/test/global-db.ts"],
          setupFiles: ["scripts/test/integration-setup.ts"],
          // Cheaper password hashes (scrypt N = 2^14) keep account tests fast; the
          // production cost is asserted in password.test.ts.
          env: { CONCORD_PASSWORD_HASH_COST: "14" },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
