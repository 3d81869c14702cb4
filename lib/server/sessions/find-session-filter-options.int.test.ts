import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { plantTurns, uniqueName } from "../agreement/test-helpers";
import { findSessionFilterOptions } from "./find-session-filter-options";

describe("findSessionFilterOptions", () => {
  it("marks the judges that have scored no session, so the filter can say so", async () => {
    const planted = await plantTurns([{ score: 0.6, ratings: [] }]);
    const idle = uniqueName("idle-judge");
    await getDb().judge.create({ data: { name: idle, version: "1", kind: "imported" } });
    const { judges } = await findSessionFilterOptions();
    expect(judges.find((judge) => judge.name === planted.judge)).toMatchObject({ id: planted.judgeId, version: "1", hasScores: true });
    expect(judges.find((judge) => judge.name === idle)).toMatchObject({ version: "1", hasScores: false });
  });
});
