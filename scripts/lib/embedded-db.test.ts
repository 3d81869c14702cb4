import { describe, expect, it } from "vitest";
import { serverSettings } from "./embedded-db.mjs";

const GB = 1024 ** 3;

describe("the embedded PostgreSQL's settings", () => {
  it("give an eighth of the machine's memory to shared buffers, between 128 MB and 1 GB, and 4 GB of WAL between checkpoints", () => {
    expect(serverSettings(2 * GB)).toEqual(["-c", "shared_buffers=256MB", "-c", "max_wal_size=4GB"]);
    expect(serverSettings(23.4 * GB)).toEqual(["-c", "shared_buffers=1024MB", "-c", "max_wal_size=4GB"]);
    expect(serverSettings(0.5 * GB)).toEqual(["-c", "shared_buffers=128MB", "-c", "max_wal_size=4GB"]);
  });
});
