import { describe, expect, it } from "vitest";
import { familyLabel, MODEL_FAMILIES, modelFamily, modelNameCandidates } from "./model-families";

describe("modelFamily", () => {
  const cases: [string, string | null][] = [
    ["gpt-4o-mini", "openai/gpt"],
    ["gpt-4o", "openai/gpt"],
    ["GPT-4.1", "openai/gpt"],
    ["gpt4", "openai/gpt"],
    ["openai/gpt-4o-2024-08-06", "openai/gpt"],
    ["chatgpt-4o-latest", "openai/gpt"],
    ["o1-mini", "openai/gpt"],
    ["o3", "openai/gpt"],
    ["ft:gpt-4o-mini-2024-07-18:acme::9xYz", "openai/gpt"],
    ["claude-3-5-sonnet", "anthropic/claude"],
    ["claude-3-5-sonnet-20241022", "anthropic/claude"],
    ["anthropic/claude-3.5-sonnet", "anthropic/claude"],
    ["anthropic.claude-3-haiku-20240307-v1:0", "anthropic/claude"],
    ["llama-3.1", "meta/llama"],
    ["llama3.1:8b", "meta/llama"],
    ["meta-llama/Llama-3.1-70B-Instruct", "meta/llama"],
    ["meta.llama3-1-70b-instruct-v1:0", "meta/llama"],
    ["accounts/fireworks/models/llama-v3p1-70b-instruct", "meta/llama"],
    ["@cf/meta/llama-3-8b-instruct", "meta/llama"],
    ["codellama:13b", "meta/llama"],
    ["gemini-1.5-pro", "google/gemini"],
    ["models/gemini-2.0-flash", "google/gemini"],
    ["gemma2:9b", "google/gemma"],
    ["mistral-large-latest", "mistral/mistral"],
    ["mistralai/Mixtral-8x7B-Instruct-v0.1", "mistral/mistral"],
    ["open-mistral-nemo", "mistral/mistral"],
    ["qwen2.5-72b-instruct", "alibaba/qwen"],
    ["Qwen/Qwen2.5-7B-Instruct", "alibaba/qwen"],
    ["qwq-32b", "alibaba/qwen"],
    ["deepseek-chat", "deepseek/deepseek"],
    ["deepseek-ai/DeepSeek-R1", "deepseek/deepseek"],
    ["phi3:mini", "microsoft/phi"],
    ["command-r-plus", "cohere/command"],
    ["grok-2", "xai/grok"],
    // not a family: a letter after the prefix, an unknown maker, nothing
    ["gptx", null],
    ["ollama", null],
    ["orca-mini", null],
    ["my-finetune-v2", null],
    ["heuristic", null],
    ["", null],
    ["   ", null],
  ];
  it.each(cases)("reads %j as %j", (model, family) => {
    expect(modelFamily(model)).toBe(family);
  });

  it("returns null for null and undefined", () => {
    expect(modelFamily(null)).toBeNull();
    expect(modelFamily(undefined)).toBeNull();
  });
});

describe("modelNameCandidates", () => {
  it("keeps the last path segment, drops a tag after a colon and a vendor before a dot", () => {
    expect(modelNameCandidates("Bedrock/anthropic.claude-3-haiku:0")).toEqual(["anthropic.claude-3-haiku", "claude-3-haiku"]);
    expect(modelNameCandidates("gpt-4.1")).toEqual(["gpt-4.1"]);
    expect(modelNameCandidates("llama3:8b")).toEqual(["llama3"]);
  });
});

describe("MODEL_FAMILIES", () => {
  it("gives each family one entry, a label and at least one lower-case prefix", () => {
    expect(new Set(MODEL_FAMILIES.map((f) => f.family)).size).toBe(MODEL_FAMILIES.length);
    for (const family of MODEL_FAMILIES) {
      expect(family.prefixes.length).toBeGreaterThan(0);
      for (const prefix of family.prefixes) expect(prefix).toBe(prefix.toLowerCase());
    }
    expect(familyLabel("openai/gpt")).toBe("OpenAI GPT");
    expect(familyLabel("acme/thing")).toBe("acme/thing");
  });
});
