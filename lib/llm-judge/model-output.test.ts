import { describe, expect, it } from "vitest";
import { z } from "zod";
import { correctiveMessages, extractJson, parseModelOutput } from "./model-output";

const schema = z.object({ winner: z.enum(["A", "B"]), confidence: z.number().min(0).max(1) });

describe("extractJson", () => {
  it("reads a bare JSON object", () => {
    expect(extractJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it("reads the object inside a ```json fence", () => {
    expect(extractJson('Here you go:\n```json\n{"a":[1,2]}\n```\n')).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it("reads the object between the first and last brace of a chatty reply", () => {
    expect(extractJson('Sure! {"a":"}"} Hope that helps.')).toEqual({ ok: true, value: { a: "}" } });
  });

  it("says the reply was empty", () => {
    expect(extractJson("  \n")).toEqual({ ok: false, problem: "the reply was empty" });
  });

  it("says the reply is not JSON", () => {
    const result = extractJson("I think B is better.");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(/^the reply is not valid JSON \(/);
  });
});

describe("parseModelOutput", () => {
  it("returns the validated value", () => {
    expect(parseModelOutput('{"winner":"B","confidence":0.8}', schema)).toEqual({ ok: true, value: { winner: "B", confidence: 0.8 } });
  });

  it("names each field that breaks the schema", () => {
    const result = parseModelOutput('{"winner":"C","confidence":1.5}', schema);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(/^the JSON does not match the required format \(winner: .*; confidence: .*\)$/);
  });
});

describe("correctiveMessages", () => {
  it("replays the bad reply and asks again, naming the problem", () => {
    const messages = correctiveMessages([{ role: "user", content: "judge this" }], "not json", "the reply is not valid JSON (x)");

    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(messages[1].content).toBe("not json");
    expect(messages[2].content).toContain("the reply is not valid JSON (x)");
    expect(messages[2].content).toContain("only the JSON object");
  });
});
