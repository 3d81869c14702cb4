import { describe, expect, it } from "vitest";
import { getDb } from "../db";
import { uniqueWord } from "./session-fixtures";
import { findSessionRef } from "./find-session-ref";

async function insertSession(externalId: string): Promise<number> {
  const rows = await getDb().$queryRawUnsafe<{ id: number }[]>(
    "INSERT INTO eval_sessions (external_id, content_hash, updated_at) VALUES ($1, $1, now()) RETURNING id",
    externalId,
  );
  return rows[0].id;
}

describe("findSessionRef", () => {
  it("finds a session by its own id, as given or percent-encoded", async () => {
    const externalId = `${uniqueWord()} run/7 세션`;
    const id = await insertSession(externalId);
    const expected = { id, externalId, isLegacy: false, shadowed: null };
    expect(await findSessionRef(externalId)).toEqual(expected);
    expect(await findSessionRef(encodeURIComponent(externalId))).toEqual(expected);
  });

  it("reads a number that is no session's own id as an old link by database key", async () => {
    const externalId = uniqueWord();
    const id = await insertSession(externalId);
    expect(await findSessionRef(String(id))).toEqual({ id, externalId, isLegacy: true, shadowed: null });
  });

  it("prefers the session whose own id is the number, and names the one the old link meant", async () => {
    const older = await insertSession(uniqueWord());
    const named = await insertSession(String(older));
    expect(await findSessionRef(String(older))).toEqual({
      id: named,
      externalId: String(older),
      isLegacy: false,
      shadowed: { id: older, externalId: expect.any(String) },
    });
  });

  it("is null for an unknown id, an empty segment and a key past the integer range", async () => {
    expect(await findSessionRef(uniqueWord())).toBeNull();
    expect(await findSessionRef("")).toBeNull();
    expect(await findSessionRef("99999999999")).toBeNull();
  });
});
