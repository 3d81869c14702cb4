// Which family a model name belongs to, for the self-enhancement check: a judge may rate
// answers written by its own family (same maker, same training lineage) higher than people
// do. The families are data, matched on a normalised name (see modelFamily).

export type ModelFamily = { family: string; label: string; prefixes: readonly string[] };

/**
 * A name belongs to a family when, normalised, it starts with one of the prefixes and the
 * next character is not a letter ("gpt-4o", "gpt4", "llama3.1", "o1-mini" match; "gptx" and
 * "ollama" do not). Order matters only for prefixes that start alike; none here do.
 */
export const MODEL_FAMILIES: readonly ModelFamily[] = [
  { family: "openai/gpt", label: "OpenAI GPT", prefixes: ["gpt", "chatgpt", "o1", "o3", "o4", "davinci", "text-davinci"] },
  { family: "anthropic/claude", label: "Anthropic Claude", prefixes: ["claude"] },
  { family: "meta/llama", label: "Meta Llama", prefixes: ["llama", "meta-llama", "codellama"] },
  { family: "google/gemini", label: "Google Gemini", prefixes: ["gemini"] },
  { family: "google/gemma", label: "Google Gemma", prefixes: ["gemma"] },
  { family: "mistral/mistral", label: "Mistral", prefixes: ["mistral", "mixtral", "ministral", "codestral", "pixtral", "magistral", "open-mistral", "open-mixtral"] },
  { family: "alibaba/qwen", label: "Alibaba Qwen", prefixes: ["qwen", "qwq", "qvq"] },
  { family: "deepseek/deepseek", label: "DeepSeek", prefixes: ["deepseek"] },
  { family: "microsoft/phi", label: "Microsoft Phi", prefixes: ["phi"] },
  { family: "cohere/command", label: "Cohere Command", prefixes: ["command"] },
  { family: "xai/grok", label: "xAI Grok", prefixes: ["grok"] },
];

/**
 * The names to try for a model string: lower case; the last path segment ("meta-llama/Llama-3.1-8B"
 * → "llama-3.1-8b", "openrouter/anthropic/claude-3.5-sonnet" → "claude-3.5-sonnet"); an
 * Ollama tag or version after ":" dropped ("llama3:8b" → "llama3"), and OpenAI's fine-tune
 * form "ft:gpt-4o-mini:org::id" read as its base model; then, when what precedes the first
 * "." is letters only, a vendor prefix dropped ("anthropic.claude-3-haiku" → "claude-3-haiku",
 * while "gpt-4.1" keeps its dot).
 */
export function modelNameCandidates(model: string): string[] {
  let name = model.trim().toLowerCase();
  name = name.split("/").filter((part) => part !== "").at(-1) ?? "";
  const colonParts = name.split(":");
  name = colonParts[0] === "ft" && colonParts.length > 1 ? colonParts[1] : colonParts[0];
  const candidates = [name];
  const dot = /^([a-z]+)\.(.+)$/.exec(name);
  if (dot) candidates.push(dot[2]);
  return candidates.filter((candidate) => candidate !== "");
}

/** The family of a model name ("gpt-4o-mini" → "openai/gpt"), or null when none matches. */
export function modelFamily(model: string | null | undefined): string | null {
  if (!model) return null;
  for (const candidate of modelNameCandidates(model)) {
    for (const { family, prefixes } of MODEL_FAMILIES) {
      for (const prefix of prefixes) {
        if (candidate.startsWith(prefix) && !/^[a-z]/.test(candidate.slice(prefix.length))) return family;
      }
    }
  }
  return null;
}

/** "OpenAI GPT" for "openai/gpt"; the family key itself when unknown. */
export function familyLabel(family: string): string {
  return MODEL_FAMILIES.find((f) => f.family === family)?.label ?? family;
}

/**
 * The judge's own model: `config.model` (LLM judges keep their endpoint's model there;
 * imported judges get it from `--judge-model`), else for an LLM judge the model in its name.
 */
export function judgeModelOf(judge: { name: string; kind: string; config: unknown }): string | null {
  const config = judge.config as { model?: unknown } | null;
  if (config && typeof config.model === "string" && config.model.trim() !== "") return config.model;
  if (judge.kind === "llm" && judge.name.startsWith("llm:")) return judge.name.slice(4);
  return null;
}
