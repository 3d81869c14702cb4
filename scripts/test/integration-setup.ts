import { inject } from "vitest";

// Every integration test file sees the throwaway database as DATABASE_URL, so server
// modules (lib/server/db.ts) connect to it exactly as they do in the app.
process.env.DATABASE_URL = inject("databaseUrl");
