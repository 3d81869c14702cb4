// A live pull asked for on the import page (POST /api/import/pulls): Langfuse with its key
// pair, or a Label Studio project with a token. The same rules as the CLI's flags.
import { z } from "zod";

const url = z
  .string()
  .trim()
  .url("an http(s) address, e.g. https://cloud.langfuse.com")
  .refine((text) => /^https?:\/\//i.test(text), "an http(s) address")
  .transform((text) => text.replace(/\/+$/, ""));
const secret = z.string().trim().min(1, "required").max(500);

export const pullRequestSchema = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("langfuse"),
    url,
    publicKey: secret,
    secretKey: secret,
    since: z
      .string()
      .trim()
      .max(40)
      .optional()
      .transform((text) => (text ? text : null))
      .refine((text) => text === null || !Number.isNaN(Date.parse(text)), "a date and time, e.g. 2026-11-01T00:00:00Z")
      .transform((text) => (text === null ? null : new Date(text).toISOString())),
    judgeName: z.string().trim().max(100).optional(),
  }),
  z.object({
    source: z.literal("label-studio"),
    url,
    token: secret,
    project: z.string().trim().regex(/^\d+$/, "the project's number"),
    judgeName: z.string().trim().max(100).optional(),
  }),
]);

export type PullRequest = z.infer<typeof pullRequestSchema>;
