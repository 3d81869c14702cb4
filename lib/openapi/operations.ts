import { z } from "zod";
import { scopeSchema } from "@/lib/agreement/scope.schema";
import { agreementExportQuerySchema, labelsExportQuerySchema } from "@/lib/exports/export-request.schema";
import { importQuerySchema } from "@/lib/ingest/import-options.schema";
import { logEnvelopeSchema, logRecordSchema } from "@/lib/ingest/log-record.schema";
import { MAX_SCORE_TURNS, scoreTurnSchema } from "@/lib/score/score-request.schema";
import { listQueryFields } from "@/lib/sessions/list-query.schema";

// Every operation of the public API (`/api/v1`), with the very Zod schemas its route
// validates with. GET /api/v1/openapi.json turns this list into an OpenAPI 3.1 document
// (build-document.ts); a test checks that every route file under app/api/v1 is listed here
// and that each example below gets its documented status from the real handler.

export type ApiKeyScopeName = "ingest" | "read" | "score";

export type OperationExample = {
  name: string;
  summary: string;
  /** Query parameters, as the URL carries them. */
  query?: Record<string, string>;
  /** Path parameters; a test may substitute stored ids for these. */
  path?: Record<string, string>;
  contentType?: string;
  /** A JSON value (sent as JSON) or, with a non-JSON content type, the raw text. */
  body?: unknown;
  /** The scope of the API key the example is sent with; none sends no credentials. */
  scope: ApiKeyScopeName | null;
  status: number;
};

export type Operation = {
  method: "get" | "post";
  /** OpenAPI path template, e.g. /api/v1/sessions/{id}. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** API-key scopes admitted; signed-in roles are named in the description. Empty: public. */
  scopes: ApiKeyScopeName[];
  query?: z.ZodType;
  /** Descriptions of query parameters the schemas carry only as code comments. */
  queryDescriptions?: Record<string, string>;
  pathParams?: Record<string, { description: string; schema: z.ZodType }>;
  body?: Array<{ contentType: string; schema: z.ZodType; description: string }>;
  responses: Record<number, string>;
  examples: OperationExample[];
};

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  judge: "Judge name, e.g. heuristic, or imported:<name> for scores that came with the data; default: the heuristic judge when it has paired ratings",
  judgeVersion: "Judge version; without it, the newest version of the named judge",
  thresholds: "Thresholds version number whose cut-offs turn scores into levels; default: the active one",
  persona: "Only turns of this persona",
  criterion: "A rating criterion (overall, …) or a generic dataset's dimension",
  from: "First day (UTC, YYYY-MM-DD) of the turns' time, inclusive",
  to: "Last day (UTC, YYYY-MM-DD), inclusive",
  import: "Only turns of this import",
  by: "How agreement over time groups turns: week or import",
};

const READ_ERRORS = {
  400: "A query parameter is not valid; `problems` names each one",
  401: "No credentials, or an unknown, expired or revoked API key",
  403: "The key's scope or the user's role may not use this route",
} as const;

const listQuerySchema = z.object(listQueryFields).partial();
/** The envelope as the route reads it: each record is then checked as a log record. */
const envelopeSchema = logEnvelopeSchema.extend({ records: z.array(logRecordSchema) });

const exampleLog = [
  { session_id: "openapi-example", seed_prompt: "Should cities ban cars from their centres?", persona: { id: "thesis", role: "thesis" }, response: "Car-free centres cut pollution and make streets safer for everyone who walks or cycles." },
  { session_id: "openapi-example", persona: { id: "antithesis", role: "antithesis" }, response: "A ban hurts people who cannot walk far and shops that depend on drivers; evidence on trade is mixed." },
];

const exampleTurn = {
  response: "However, a ban may overlook people who cannot walk far; the risk to small shops is a real concern.",
  seed_prompt: "Should cities ban cars from their centres?",
  persona_id: "antithesis",
  persona_role: "Critical reflector",
};

function agreementOperation(path: string, operationId: string, summary: string, description: string): Operation {
  return {
    method: "get",
    path,
    operationId,
    summary,
    description: `${description} Signed-in admins and viewers, or an API key with scope \`read\`.`,
    tags: ["Agreement"],
    scopes: ["read"],
    query: scopeSchema,
    queryDescriptions: SCOPE_DESCRIPTIONS,
    responses: { 200: "The figures, as JSON", ...READ_ERRORS, 404: "The named judge or thresholds version does not exist" },
    examples: [
      { name: "all", summary: "Every rated turn, default judge and thresholds", scope: "read", status: 200 },
      { name: "bad-date", summary: "An impossible date is refused", query: { from: "2026-02-30" }, scope: "read", status: 400 },
      { name: "no-key", summary: "Without credentials", scope: null, status: 401 },
      { name: "wrong-scope", summary: "An ingest key may not read", scope: "ingest", status: 403 },
    ],
  };
}

export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/openapi.json",
    operationId: "getOpenApi",
    summary: "This description",
    description: "The OpenAPI 3.1 document of the public API, generated from the Zod schemas the routes validate with. Public.",
    tags: ["Meta"],
    scopes: [],
    responses: { 200: "The OpenAPI document" },
    examples: [{ name: "document", summary: "Read the description", scope: null, status: 200 }],
  },
  {
    method: "post",
    path: "/api/v1/sessions",
    operationId: "importSessions",
    summary: "Import an orchestrator log, or judge-vs-human data",
    description:
      "An orchestrator log as NDJSON (one record per line) or JSON (one record, an array of records, or an envelope with records), at most 50 MB. " +
      "With `generic=true`, judge-vs-human data as CSV or JSONL, read as `concord import --generic` reads it. All or nothing: a refused import stores nothing and names each problem (line, field, message). " +
      "Importing the same content again stores nothing and answers 200. An API key with scope `ingest`.",
    tags: ["Sessions"],
    scopes: ["ingest"],
    query: importQuerySchema,
    queryDescriptions: {
      replace: "true: replace a stored session of the same id whose content differs (otherwise 409)",
      generic: "true: the body is judge-vs-human data (CSV or JSONL), not an orchestrator log",
      session_id: "The session id for records that name none",
      seed_prompt: "The seed prompt for sessions whose log names none",
      dry_run: "Generic data only: validate and report what would be stored, store nothing",
      criterion_type: "Generic data: NAME=TYPE per criterion (repeat the parameter)",
      human_field: "Generic data: a field holding a human value (repeat; a trailing * matches a prefix)",
    },
    body: [
      { contentType: "application/x-ndjson", schema: logRecordSchema, description: "One log record per line" },
      { contentType: "application/json", schema: z.union([logRecordSchema, z.array(logRecordSchema), envelopeSchema]), description: "A record, an array of records, or {session_id?, seed_prompt?, records, summary?}" },
      { contentType: "text/csv", schema: z.string(), description: "Generic judge-vs-human data (with generic=true)" },
    ],
    responses: {
      200: "Already imported with the same content: nothing stored (or a dry run)",
      201: "Stored; the sessions, turns and ratings written",
      400: "The body or a parameter is not valid; `problems` names line, path and message",
      401: READ_ERRORS[401],
      403: READ_ERRORS[403],
      409: "A session of the same id is stored with other content; send replace=true to replace it",
      413: "The body is larger than 50 MB",
      415: "The content type is not one of those listed",
    },
    examples: [
      { name: "ndjson-log", summary: "A two-turn log", contentType: "application/x-ndjson", body: exampleLog.map((record) => JSON.stringify(record)).join("\n"), scope: "ingest", status: 201 },
      { name: "same-again", summary: "The same log again: nothing new is stored", contentType: "application/x-ndjson", body: exampleLog.map((record) => JSON.stringify(record)).join("\n"), scope: "ingest", status: 200 },
      { name: "missing-response", summary: "A record without its response is refused", contentType: "application/json", body: { records: [{ session_id: "openapi-bad", persona: { id: "thesis" } }] }, scope: "ingest", status: 400 },
      { name: "read-key", summary: "A read key may not import", contentType: "application/json", body: { records: [] }, scope: "read", status: 403 },
    ],
  },
  {
    method: "get",
    path: "/api/v1/sessions",
    operationId: "listSessions",
    summary: "List sessions",
    description: "The sessions list with the filters, sort and page of the Sessions page. Signed-in admins and viewers, or an API key with scope `read`.",
    tags: ["Sessions"],
    scopes: ["read"],
    query: listQuerySchema,
    queryDescriptions: {
      q: "Words to find in the responses and seed prompt",
      quality: "Quality levels, comma-separated: poor, fair, good, excellent",
      minScore: "Lowest average score (0–1)",
      maxScore: "Highest average score (0–1)",
      rated: "yes: only sessions with human ratings; no: only without",
      judge: "Judge id whose scores are shown",
    },
    responses: { 200: "A page of sessions, with the thresholds used", ...READ_ERRORS },
    examples: [
      { name: "first-page", summary: "The newest sessions", query: { pageSize: "10" }, scope: "read", status: 200 },
      { name: "bad-sort", summary: "An unknown sort key is refused", query: { sort: "colour" }, scope: "read", status: 400 },
    ],
  },
  {
    method: "get",
    path: "/api/v1/sessions/{id}",
    operationId: "getSession",
    summary: "One session",
    description: "A session's turns (50 a page), the chosen judge's scores, human ratings and its summary under the active thresholds. Rater names are left out for API keys. Signed-in admins and viewers, or an API key with scope `read`.",
    tags: ["Sessions"],
    scopes: ["read"],
    pathParams: { id: { description: "The session's own id from its log (its session_id, URL-encoded); a database key from an older link also answers", schema: z.string() } },
    query: z.object({ judge: z.coerce.number().int().positive().optional(), page: z.coerce.number().int().min(1).optional() }),
    queryDescriptions: { judge: "Judge id whose scores to show; default the display judge", page: "Page of turns, from 1" },
    responses: { 200: "The session", ...READ_ERRORS, 404: "No such session" },
    examples: [
      { name: "stored", summary: "The session imported by the importSessions example", path: { id: "openapi-example" }, scope: "read", status: 200 },
      { name: "unknown", summary: "An unknown session", path: { id: "no-such-session-here" }, scope: "read", status: 404 },
    ],
  },
  {
    method: "post",
    path: "/api/v1/score",
    operationId: "scoreTurns",
    summary: "Score responses as they are written",
    description:
      `The orchestrator's real-time check: one turn, or an array of 1 to ${MAX_SCORE_TURNS}. Each turn gets the heuristic judge's metrics (as \`concord score\` prints them) under the active thresholds version's weights, its level under that version's cut-offs, and \`retry\`: true when overall_score is below \`retry_cutoff\` (set on Settings → Thresholds; default 0.5, optionally per persona). ` +
      "One turn in: that turn's object with `thresholds` (the version used). An array in: `{results, thresholds}`. Nothing is stored. An API key with scope `score`.",
    tags: ["Scoring"],
    scopes: ["score"],
    body: [
      {
        contentType: "application/json",
        schema: z.union([scoreTurnSchema, z.array(scoreTurnSchema).min(1).max(MAX_SCORE_TURNS)]),
        description: "A turn {response, seed_prompt, persona_id, persona_role}, or an array of them",
      },
    ],
    responses: {
      200: "The scored turn (or {results, thresholds} for an array)",
      400: "The body is not valid; `error` and `problems` name each bad field, e.g. [3].response: expected a string, found number",
      401: READ_ERRORS[401],
      403: READ_ERRORS[403],
      413: `More than ${MAX_SCORE_TURNS} turns, or a body over 32 MB`,
    },
    examples: [
      { name: "one-turn", summary: "One antithesis turn", contentType: "application/json", body: exampleTurn, scope: "score", status: 200 },
      { name: "batch", summary: "Two turns at once", contentType: "application/json", body: [exampleTurn, { ...exampleTurn, persona_id: "thesis", persona_role: "Seed explorer" }], scope: "score", status: 200 },
      { name: "bad-field", summary: "A response that is not a string is named", contentType: "application/json", body: [exampleTurn, { ...exampleTurn, response: 42 }], scope: "score", status: 400 },
      { name: "read-key", summary: "A read key may not score", contentType: "application/json", body: exampleTurn, scope: "read", status: 403 },
      { name: "no-key", summary: "Without credentials", contentType: "application/json", body: exampleTurn, scope: null, status: 401 },
    ],
  },
  agreementOperation("/api/v1/agreement", "getAgreementReport", "Agreement report", "The agreement report of /agreement: κ, weighted κ, ρ, τ with intervals, breakdowns and the human ceiling."),
  agreementOperation("/api/v1/agreement/verdict", "getVerdicts", "Trust verdicts", "Pass / fail / inconclusive per headline figure, the alternative annotator test, corrected quality estimates and the labels planner."),
  agreementOperation("/api/v1/agreement/task", "getTaskReport", "Figures of a typed criterion", "For a binary, categorical, multi-label or numeric criterion, the metrics of its type with intervals."),
  agreementOperation("/api/v1/agreement/panel", "getPanelReport", "Panel diagnostics", "When the judge is a panel: its members, rule, judge–judge agreement, error correlation, effective number of judges and the panel against its best member."),
  agreementOperation("/api/v1/agreement/calibration", "getCalibrationReport", "Calibrated judge against its raw judge", "When the judge is a calibrated judge: its source judge and isotonic map, and on the rated turns in scope the raw and calibrated mean error (in levels) and κ quadratic, out of fold, with the reliability bins of both."),
  agreementOperation("/api/v1/agreement/weighting", "getWeightedAgreement", "Inverse-probability-weighted figures", "On turns rated under the sampled queue design: exact agreement, agreement within one level, the mean level gap and the PPI++ mean human level, each weighted by 1/inclusion probability (Hájek) beside its unweighted value, and escalated turns' disagreement by week against the random sample's."),
  agreementOperation("/api/v1/agreement/cascade", "getCascadeReport", "Cascade figures", "When the judge is a cascade: its screener, strong judge and band, and on the same rated turns the κ quadratic of the cascade and of each judge alone, the share escalated and the cost of each from recorded tokens and endpoint prices."),
  agreementOperation(
    "/api/v1/agreement/versions",
    "getJudgeVersions",
    "Judge versions (drift)",
    "Every version of the named judge (without `judge`: of each judge with two or more versions), oldest first, with its quadratic κ against people on the frozen set of rated items all of them scored, a 95 % crossed-bootstrap interval (computed in the background: `intervals.status` is `computing` until then) and `regression` where κ falls below the previous version's interval.",
  ),
  agreementOperation(
    "/api/v1/agreement/self-enhancement",
    "getSelfEnhancement",
    "Self-enhancement check",
    "The scope's judge, its model and model family, the models that wrote the rated answers, and, when some were written by the judge's own family, the judge's and the people's gap between its own family's answers and the others' and their difference in levels with a 95 % session-bootstrap interval.",
  ),
  {
    method: "get",
    path: "/api/v1/exports/labels",
    operationId: "exportHumanLabels",
    summary: "Human labels for Langfuse or Label Studio",
    description:
      "The human ratings and adjudications collected in Concord, to carry back to another tool: `format=langfuse` gives a batch for Langfuse's ingestion API (POST /api/public/ingestion; score-create events with source ANNOTATION and stable ids, so sending it twice updates), `format=label-studio` a Label Studio task import file (one task per item, an annotation per rater, the adjudication as ground truth). Items that came from another tool keep its id. Admins (raters named by email), or an API key with scope `read` (raters as concord-user-<id>).",
    tags: ["Exports"],
    scopes: ["read"],
    query: labelsExportQuerySchema,
    queryDescriptions: { format: "langfuse or label-studio", criterion: "Only this criterion", persona: "Only turns of this persona", from: "First day (UTC), inclusive", to: "Last day (UTC), inclusive" },
    responses: { 200: "The file, as JSON", ...READ_ERRORS },
    examples: [
      { name: "langfuse", summary: "Every human label as Langfuse scores", query: { format: "langfuse" }, scope: "read", status: 200 },
      { name: "label-studio", summary: "One criterion as a Label Studio import", query: { format: "label-studio", criterion: "overall" }, scope: "read", status: 200 },
      { name: "unknown-format", summary: "An unknown format is refused", query: { format: "csv" }, scope: "read", status: 400 },
    ],
  },
  {
    method: "get",
    path: "/api/v1/exports/agreement",
    operationId: "exportAgreementByVersion",
    summary: "Agreement and verdicts of every version of a judge",
    description: "For each version of the named judge, oldest first, the agreement report and the trust verdicts exactly as GET /api/v1/agreement and /api/v1/agreement/verdict give them: figures, intervals, n and verdicts. Takes the report's scope parameters. Signed-in admins and viewers, or an API key with scope `read`.",
    tags: ["Exports"],
    scopes: ["read"],
    query: agreementExportQuerySchema,
    queryDescriptions: { ...SCOPE_DESCRIPTIONS, judge: "The judge's name (required), e.g. heuristic", judgeVersion: "Ignored: every version is listed" },
    responses: { 200: "{judge, exportedAt, versions: [{version, kind, createdAt, agreement, verdicts}]}", ...READ_ERRORS, 404: "No judge of that name" },
    examples: [
      { name: "heuristic", summary: "Every version of the heuristic judge", query: { judge: "heuristic" }, scope: "read", status: 200 },
      { name: "no-judge", summary: "The judge must be named", scope: "read", status: 400 },
      { name: "unknown-judge", summary: "An unknown judge", query: { judge: "no-such-judge" }, scope: "read", status: 404 },
    ],
  },
];
