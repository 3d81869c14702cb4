// Prisma 7 configuration. The URL is read when a command runs, never at import time,
// so `prisma generate` and `next build` work without a database.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
