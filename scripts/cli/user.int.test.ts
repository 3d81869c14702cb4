import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signIn } from "@/lib/server/auth/sign-in";
import { getDb } from "@/lib/server/db";
import { createTestUser, TEST_PASSWORD } from "@/scripts/test/factories";
import { run } from "./user.ts";

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    const code = await run(args);
    return { code, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("concord user unlock", () => {
  it("clears the failures that lock an email out, so its owner signs in again", async () => {
    const user = await createTestUser("rater");
    const ipAddress = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    await getDb().signInAttempt.createMany({ data: Array.from({ length: 10 }, () => ({ email: user.email, ipAddress, isSuccess: false })) });

    const result = await cli("unlock", "--email", user.email.toUpperCase());

    expect(result).toEqual({ code: 0, stdout: `sign-in of ${user.email} unlocked (10 failed attempts cleared)\n`, stderr: "" });
    expect((await signIn({ email: user.email, password: TEST_PASSWORD, ipAddress })).ok).toBe(true);
  });

  it("names a missing or malformed email", async () => {
    expect(await cli("unlock")).toEqual({ code: 1, stdout: "", stderr: "concord user: --email: Enter an email address\n" });
    expect(await cli("unlock", "--email", "not-an-email")).toEqual({ code: 1, stdout: "", stderr: "concord user: --email: Enter a valid email address\n" });
  });
});
