// Command-line options of `concord import`, parsed with node:util parseArgs and validated
// with the same Zod schemas as the API and the import page.
import { parseArgs } from "node:util";
import { genericFieldsSchema, logImportOptionsSchema, type GenericFields, type LogImportOptions } from "@/lib/ingest/import-options.schema";
import { nativeCliUsage, parseNativeOptions, type NativeCliOptions } from "./import-native-options.ts";

export const USAGE = `usage:
  concord import FILE… [--summary F] [--seed-prompt TEXT] [--session-id ID] [--replace]
  concord import --generic FILE… [--judge-field F] [--human-field F …] [--item-field F]
                 [--text-field F] [--group-field F] [--dimension-field F]
                 [--annotator-field F] [--judge-name NAME] [--session-id ID] [--replace]
                 [--criterion-type NAME=TYPE …] [--confidence-field F] [--dry-run]
                 [--generator-model-field F] [--judge-model MODEL]

Imports orchestrator logs (JSONL, one turn per line, or a JSON record, array or
{session_id?, seed_prompt?, records, summary?} document) into the database at DATABASE_URL.
Turns without evaluation_metrics are scored by the heuristic judge. Each file is imported
all-or-nothing; importing the same file again does nothing. A session stored with other
content is refused unless --replace.

  --summary F        the session's summary.json (default: FILE's .summary.json beside it)
  --seed-prompt TEXT seed prompt for sessions whose log names none
  --session-id ID    session id for lines that name none (default: a hash of the content)
  --replace          replace sessions stored with different content

Generic judge-vs-human data (--generic, JSONL or CSV): a group becomes a session, an item a
turn, the judge score a score of judge "imported:<file or --judge-name>", each human score a
rating by its annotator. Field defaults: item_id, text, group_id, dimension, judge_score,
human_score (else every human_* field), annotator. A human field ending in * matches a prefix.

Each criterion (the dimension, or "overall") has a type: ordinal (integer levels 1–10, as
always), numeric, binary, categorical or multilabel, inferred from its judge and human values
unless declared. Labels are text; a label set is a JSON array or a|b ([] is the empty set).

  --criterion-type NAME=TYPE   declare a type: NAME=binary, NAME=binary:pass (the positive
                     label), NAME=categorical:a,b,c, NAME=multilabel:a,b, NAME=numeric:0:10,
                     NAME=ordinal; labels left out are taken from the data
  --confidence-field F  the judge's confidence (0–1), kept with its labels
  --generator-model-field F  the model that wrote each item's text (default generator_model,
                     used when the rows have it); with --judge-model, the report checks
                     whether the judge favours answers of its own model family
  --judge-model MODEL the judge's own model, e.g. gpt-4o-mini
  --dry-run          validate and print what would be stored (counts, criterion types),
                     storing nothing

${nativeCliUsage}

Prints one result line per file on stdout; exits 1 if any file was not imported.`;

export type ImportCliOptions = {
  files: string[];
  summary: string | null;
  log: LogImportOptions;
  generic: GenericFields | null;
  /** --dry-run (generic data only); absent when not given. */
  isDryRun?: boolean;
  /** --from: a native source's export, or a live pull; absent otherwise. */
  native?: NativeCliOptions;
};

export class UsageError extends Error {}

export function parseImportOptions(args: string[]): ImportCliOptions | "help" {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        summary: { type: "string" },
        "seed-prompt": { type: "string" },
        "session-id": { type: "string" },
        replace: { type: "boolean" },
        generic: { type: "boolean" },
        "judge-field": { type: "string" },
        "human-field": { type: "string", multiple: true },
        "item-field": { type: "string" },
        "text-field": { type: "string" },
        "group-field": { type: "string" },
        "dimension-field": { type: "string" },
        "annotator-field": { type: "string" },
        "judge-name": { type: "string" },
        "criterion-type": { type: "string", multiple: true },
        "confidence-field": { type: "string" },
        "generator-model-field": { type: "string" },
        "judge-model": { type: "string" },
        "dry-run": { type: "boolean" },
        from: { type: "string" },
        url: { type: "string" },
        "public-key": { type: "string" },
        "secret-key": { type: "string" },
        token: { type: "string" },
        project: { type: "string" },
        since: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  const nativeOnly = ["url", "public-key", "secret-key", "token", "project", "since"] as const;
  if (values.from === undefined) {
    const misplaced = nativeOnly.find((name) => values[name] !== undefined);
    if (misplaced) throw new UsageError(`--${misplaced} needs --from`);
  } else {
    const misplaced = (["summary", "seed-prompt", "session-id", "generic", "judge-field", "human-field", "item-field", "text-field", "group-field", "dimension-field", "annotator-field", "criterion-type", "confidence-field"] as const).find((name) => values[name] !== undefined);
    if (misplaced) throw new UsageError(`--${misplaced} is not used with --from`);
    const native = parseNativeOptions(values, positionals, (message) => new UsageError(message));
    return { files: positionals, summary: null, log: { replace: values.replace ?? false }, generic: null, isDryRun: values["dry-run"], native };
  }
  if (positionals.length === 0) throw new UsageError("name at least one FILE to import");
  if (values.summary !== undefined && positionals.length > 1) throw new UsageError("--summary belongs to one file; import the files one at a time");
  const genericOnly = ["judge-field", "human-field", "item-field", "text-field", "group-field", "dimension-field", "annotator-field", "judge-name", "criterion-type", "confidence-field", "generator-model-field", "judge-model", "dry-run"] as const;
  if (!values.generic) {
    const misplaced = genericOnly.find((name) => values[name] !== undefined);
    if (misplaced) throw new UsageError(`--${misplaced} needs --generic`);
  } else {
    const misplaced = (["summary", "seed-prompt"] as const).find((name) => values[name] !== undefined);
    if (misplaced) throw new UsageError(`--${misplaced} is not used with --generic`);
  }
  const log = logImportOptionsSchema.safeParse({ sessionId: values["session-id"], seedPrompt: values["seed-prompt"], replace: values.replace ?? false });
  if (!log.success) throw new UsageError(describe(log.error.issues, { sessionId: "--session-id", seedPrompt: "--seed-prompt" }));
  let generic: GenericFields | null = null;
  if (values.generic) {
    const fields = genericFieldsSchema.safeParse({
      itemField: values["item-field"],
      textField: values["text-field"],
      groupField: values["group-field"],
      dimensionField: values["dimension-field"],
      judgeField: values["judge-field"],
      humanFields: values["human-field"],
      annotatorField: values["annotator-field"],
      judgeName: values["judge-name"],
      confidenceField: values["confidence-field"],
      generatorModelField: values["generator-model-field"],
      judgeModel: values["judge-model"],
      criterionTypes: values["criterion-type"],
    });
    if (!fields.success) throw new UsageError(describe(fields.error.issues, {}));
    generic = fields.data;
  }
  return { files: positionals, summary: values.summary ?? null, log: log.data, generic, isDryRun: values["dry-run"] };
}

function describe(issues: readonly { path: PropertyKey[]; message: string }[], names: Record<string, string>): string {
  return issues
    .map((issue) => {
      const key = String(issue.path[0] ?? "");
      const flag = names[key] ?? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/s$/, "")}`;
      return `${flag}: ${issue.message}`;
    })
    .join("; ");
}
