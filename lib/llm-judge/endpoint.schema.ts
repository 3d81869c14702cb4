import { z } from "zod";
import { checkboxField, numberField, optionalNumberField, optionalText } from "./form-fields";

/** POST {baseUrl}/chat/completions: the one route every OpenAI-compatible server has. */
export function chatCompletionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/chat/completions`;
}

const baseUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the base URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1")
  .max(500)
  .transform((value) => value.replace(/\/+$/, "").replace(/\/chat\/completions$/, ""))
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: "custom", message: "Enter a full URL, e.g. https://api.openai.com/v1" });
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") context.addIssue({ code: "custom", message: "Use an http:// or https:// URL" });
    if (url.username || url.password) context.addIssue({ code: "custom", message: "Put credentials in the API key field, not in the URL" });
    if (url.search || url.hash) context.addIssue({ code: "custom", message: "Leave out the query string: the base URL ends before /chat/completions" });
  });

/**
 * The endpoint form, for creating and for editing. An empty API key field keeps the stored
 * key; `clearApiKey` removes it (a local server such as Ollama needs none).
 */
export const endpointFormSchema = z
  .object({
    endpointId: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().positive().optional()),
    name: z.string().trim().min(1, "Name the endpoint").max(80, "Use at most 80 characters"),
    baseUrl: baseUrlSchema,
    model: z.string().trim().min(1, "Enter the model name, e.g. gpt-4o-mini or llama3.1:8b").max(200),
    apiKey: optionalText(1000),
    clearApiKey: checkboxField,
    temperature: numberField({ min: 0, max: 2, fallback: 0, label: "Temperature" }),
    maxConcurrency: numberField({ min: 1, max: 32, fallback: 2, isInteger: true, label: "Max concurrency" }),
    requestsPerMinute: numberField({ min: 1, max: 100_000, fallback: 60, isInteger: true, label: "Requests per minute" }),
    /** Prices per 1M tokens, both or neither (0 for a free local model). */
    inputPricePerMillion: optionalNumberField({ min: 0, max: 1_000_000, label: "Input price" }),
    outputPricePerMillion: optionalNumberField({ min: 0, max: 1_000_000, label: "Output price" }),
  })
  .superRefine((form, context) => {
    const [input, output] = [form.inputPricePerMillion, form.outputPricePerMillion];
    if (input === undefined && output !== undefined) context.addIssue({ code: "custom", path: ["inputPricePerMillion"], message: "Set the input price too (0 if free), or clear both" });
    if (output === undefined && input !== undefined) context.addIssue({ code: "custom", path: ["outputPricePerMillion"], message: "Set the output price too (0 if free), or clear both" });
  });
export type EndpointForm = z.infer<typeof endpointFormSchema>;

export const endpointIdSchema = z.object({ endpointId: z.coerce.number().int().positive() });

/** An endpoint as the browser may see it: never the key, only whether one is set. */
export type EndpointView = {
  id: number;
  name: string;
  baseUrl: string;
  model: string;
  hasApiKey: boolean;
  temperature: number;
  maxConcurrency: number;
  requestsPerMinute: number;
  inputPricePerMillion: number | null;
  outputPricePerMillion: number | null;
  updatedAt: Date;
};
