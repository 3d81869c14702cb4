import { describe, expect, it } from "vitest";
import { chatCompletionsUrl, endpointFormSchema } from "./endpoint.schema";
import { judgeJobPayloadSchema, startRunSchema } from "./run.schema";

const form = { name: "local", baseUrl: "http://localhost:11434/v1/", model: "llama3.1:8b", apiKey: "", temperature: "", maxConcurrency: "", requestsPerMinute: "" };

describe("endpointFormSchema", () => {
  it("takes the defaults for blank numbers and no key", () => {
    expect(endpointFormSchema.parse(form)).toEqual({
      name: "local",
      baseUrl: "http://localhost:11434/v1",
      model: "llama3.1:8b",
      apiKey: undefined,
      clearApiKey: false,
      temperature: 0,
      maxConcurrency: 2,
      requestsPerMinute: 60,
      endpointId: undefined,
    });
  });

  it("accepts a base URL pasted with /chat/completions and builds the route once", () => {
    const parsed = endpointFormSchema.parse({ ...form, baseUrl: "https://api.openai.com/v1/chat/completions" });
    expect(chatCompletionsUrl(parsed.baseUrl)).toBe("https://api.openai.com/v1/chat/completions");
  });

  it.each([
    ["ftp://example.com/v1", "Use an http:// or https:// URL"],
    ["https://user:secret@example.com/v1", "Put credentials in the API key field, not in the URL"],
    ["https://example.com/v1?key=abc", "Leave out the query string: the base URL ends before /chat/completions"],
    ["localhost:11434", "Use an http:// or https:// URL"],
  ])("refuses %s", (baseUrl, message) => {
    const result = endpointFormSchema.safeParse({ ...form, baseUrl });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });

  it("bounds temperature, concurrency and rate", () => {
    expect(endpointFormSchema.safeParse({ ...form, temperature: "2.5" }).success).toBe(false);
    expect(endpointFormSchema.safeParse({ ...form, maxConcurrency: "0" }).success).toBe(false);
    expect(endpointFormSchema.safeParse({ ...form, requestsPerMinute: "1.5" }).success).toBe(false);
  });

  it("takes prices per 1M tokens as both or neither, 0 allowed, never negative", () => {
    expect(endpointFormSchema.parse({ ...form, inputPricePerMillion: "0.15", outputPricePerMillion: "0.6" })).toMatchObject({ inputPricePerMillion: 0.15, outputPricePerMillion: 0.6 });
    expect(endpointFormSchema.parse({ ...form, inputPricePerMillion: "0", outputPricePerMillion: "0" })).toMatchObject({ inputPricePerMillion: 0, outputPricePerMillion: 0 });
    expect(endpointFormSchema.parse({ ...form, inputPricePerMillion: "", outputPricePerMillion: "" })).toMatchObject({ inputPricePerMillion: undefined, outputPricePerMillion: undefined });
    const half = endpointFormSchema.safeParse({ ...form, inputPricePerMillion: "2.5", outputPricePerMillion: "" });
    expect(half.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["outputPricePerMillion", "Set the output price too (0 if free), or clear both"]]);
    const negative = endpointFormSchema.safeParse({ ...form, inputPricePerMillion: "-1", outputPricePerMillion: "1" });
    expect(negative.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["inputPricePerMillion", "Input price is at least 0"]]);
  });

  it("reads the clear-key checkbox", () => {
    expect(endpointFormSchema.parse({ ...form, clearApiKey: "on" }).clearApiKey).toBe(true);
  });
});

describe("startRunSchema", () => {
  it("needs a session for the session scope and a persona for the persona scope", () => {
    const session = startRunSchema.safeParse({ endpointId: "1", task: "direct", scope: "session", sessionId: "" });
    const persona = startRunSchema.safeParse({ endpointId: "1", task: "pairwise", scope: "persona", personaId: "" });
    expect(session.error?.issues[0]).toMatchObject({ path: ["sessionId"], message: "Choose a session" });
    expect(persona.error?.issues[0]).toMatchObject({ path: ["personaId"], message: "Choose a persona" });
  });

  it("defaults to 100 items", () => {
    expect(startRunSchema.parse({ endpointId: "1", task: "direct", scope: "unscored", limit: "" }).limit).toBe(100);
  });
});

describe("judgeJobPayloadSchema", () => {
  it("reads a pairwise payload and starts with no failures", () => {
    const payload = judgeJobPayloadSchema.parse({ task: "pairwise", endpointId: 1, judgeId: 2, label: "x", scope: { kind: "unscored" }, pairs: [[1, 2]] });
    expect(payload).toMatchObject({ pairs: [[1, 2]], failures: [] });
  });
});
