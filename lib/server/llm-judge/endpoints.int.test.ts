import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endpointFormSchema } from "@/lib/llm-judge/endpoint.schema";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { createJob } from "../jobs/create-job";
import { decryptApiKey } from "./api-key-cipher";
import { deleteJudgeEndpoint } from "./delete-judge-endpoint";
import { findEndpointCredentials } from "./find-endpoint-credentials";
import { errorOf } from "./llm-test-helpers";
import { saveJudgeEndpoint } from "./save-judge-endpoint";

const SECRET = randomBytes(32).toString("base64");

function form(fields: Record<string, string>) {
  return endpointFormSchema.parse({ name: `ep-${randomUUID()}`, baseUrl: "http://127.0.0.1:9/v1", model: "m", ...fields });
}

async function storedCiphertext(id: number) {
  return (await getDb().judgeEndpoint.findUniqueOrThrow({ where: { id } })).apiKeyCiphertext;
}

beforeEach(() => {
  vi.stubEnv("CONCORD_SECRET_KEY", SECRET);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("judge endpoints", () => {
  it("stores only the ciphertext of a key, and tells the browser only that a key is set", async () => {
    const view = await saveJudgeEndpoint(form({ apiKey: "sk-live-abc123" }));

    const ciphertext = await storedCiphertext(view.id);
    expect(view.hasApiKey).toBe(true);
    expect(JSON.stringify(view)).not.toContain("sk-live-abc123");
    expect(ciphertext).toMatch(/^v1\./);
    expect(ciphertext).not.toContain("sk-live-abc123");
    expect(decryptApiKey(ciphertext!)).toBe("sk-live-abc123");
  });

  it("keeps the stored key when the field is left empty, replaces it when typed, removes it when asked", async () => {
    const { id, name } = await saveJudgeEndpoint(form({ apiKey: "first-key" }));
    const first = await storedCiphertext(id);

    await saveJudgeEndpoint(form({ endpointId: String(id), name, apiKey: "", model: "other" }));
    expect(await storedCiphertext(id)).toBe(first);

    await saveJudgeEndpoint(form({ endpointId: String(id), name, apiKey: "second-key" }));
    expect(decryptApiKey((await storedCiphertext(id))!)).toBe("second-key");

    const cleared = await saveJudgeEndpoint(form({ endpointId: String(id), name, clearApiKey: "on" }));
    expect(cleared.hasApiKey).toBe(false);
    expect(await storedCiphertext(id)).toBeNull();
  });

  it("never sends the stored key to a new URL: changing the base URL needs the key again or its removal", async () => {
    const { id, name } = await saveJudgeEndpoint(form({ apiKey: "sk-for-the-old-host", baseUrl: "https://api.example.com/v1" }));
    const before = await storedCiphertext(id);

    const error = await errorOf(saveJudgeEndpoint(form({ endpointId: String(id), name, baseUrl: "https://attacker.example/v1" })), DomainError);

    expect(error.code).toBe("invalid");
    expect(error.message).toBe("The base URL changed: type the API key again (it is sent to the new URL), or tick “Remove the stored key”.");
    expect(error.fieldErrors).toEqual({ apiKey: "Type the key again for the new URL" });
    const row = await getDb().judgeEndpoint.findUniqueOrThrow({ where: { id } });
    expect([row.baseUrl, row.apiKeyCiphertext]).toEqual(["https://api.example.com/v1", before]);
    expect((await findEndpointCredentials(id)).baseUrl).toBe("https://api.example.com/v1");

    const retyped = await saveJudgeEndpoint(form({ endpointId: String(id), name, baseUrl: "https://other.example/v1", apiKey: "sk-for-the-new-host" }));
    expect(retyped.baseUrl).toBe("https://other.example/v1");
    expect(decryptApiKey((await storedCiphertext(id))!)).toBe("sk-for-the-new-host");

    const removed = await saveJudgeEndpoint(form({ endpointId: String(id), name, baseUrl: "http://127.0.0.1:11434/v1", clearApiKey: "on" }));
    expect([removed.baseUrl, removed.hasApiKey]).toEqual(["http://127.0.0.1:11434/v1", false]);
  });

  it("lets the URL of an endpoint without a key change freely, and other fields change without retyping the key", async () => {
    const keyless = await saveJudgeEndpoint(form({ baseUrl: "http://127.0.0.1:9/v1" }));
    expect((await saveJudgeEndpoint(form({ endpointId: String(keyless.id), name: keyless.name, baseUrl: "http://127.0.0.1:10/v1" }))).baseUrl).toBe("http://127.0.0.1:10/v1");

    const keyed = await saveJudgeEndpoint(form({ apiKey: "sk-same-url", baseUrl: "https://api.example.com/v1" }));
    const edited = await saveJudgeEndpoint(form({ endpointId: String(keyed.id), name: keyed.name, baseUrl: "https://api.example.com/v1/", model: "bigger" }));
    expect([edited.model, edited.hasApiKey]).toEqual(["bigger", true]);
  });

  it("refuses to store a key without CONCORD_SECRET_KEY, with a message saying what to set", async () => {
    vi.stubEnv("CONCORD_SECRET_KEY", "");

    const error = await errorOf(saveJudgeEndpoint(form({ apiKey: "sk-x" })), DomainError);

    expect(error.message).toMatch(/^Concord cannot store an API key: CONCORD_SECRET_KEY is not set\./);
  });

  it("saves and uses an endpoint without a key when CONCORD_SECRET_KEY is not set", async () => {
    vi.stubEnv("CONCORD_SECRET_KEY", "");

    const view = await saveJudgeEndpoint(form({}));

    expect(view.hasApiKey).toBe(false);
    expect((await findEndpointCredentials(view.id)).apiKey).toBeNull();
  });

  it("says clearly when the secret key changed since the key was stored", async () => {
    const { id } = await saveJudgeEndpoint(form({ apiKey: "sk-old" }));
    vi.stubEnv("CONCORD_SECRET_KEY", randomBytes(32).toString("hex"));

    const error = await errorOf(findEndpointCredentials(id), DomainError);

    expect(error.message).toContain("cannot be decrypted with the current CONCORD_SECRET_KEY");
  });

  it("refuses a second endpoint with the same name", async () => {
    const { name } = await saveJudgeEndpoint(form({}));

    const error = await errorOf(saveJudgeEndpoint(form({ name })), DomainError);

    expect(error.code).toBe("conflict");
    expect(error.fieldErrors).toEqual({ name: "Choose another name" });
  });

  it("refuses to delete an endpoint an active run uses, and deletes it otherwise", async () => {
    const { id } = await saveJudgeEndpoint(form({}));
    const jobId = await createJob({ kind: `test-${randomUUID()}`, payload: {}, total: 1, endpointId: id });

    await expect(deleteJudgeEndpoint(id)).rejects.toThrow("A run is using this endpoint");
    await getDb().job.update({ where: { id: jobId }, data: { status: "done" } });
    await deleteJudgeEndpoint(id);

    expect(await getDb().judgeEndpoint.findUnique({ where: { id } })).toBeNull();
  });
});
