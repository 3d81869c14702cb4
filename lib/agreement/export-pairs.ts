import { ratingLevels, type AgreementPairs } from "./build-pairs";

// The underlying pairs, one row per unit (turn × criterion): what the figures are computed
// from. The CSV is made for `concord agreement --input pairs.csv --human human_level
// --judge judge_score --scale 1:4 --judge-cuts <fair>,<good>,<excellent>`, which gives the
// page's n, κ, ρ and τ from it. `session_id` is the session's own id from its log, as
// imported (the database key stays inside Concord).

const DAY_MS = 86_400_000;

export const PAIR_COLUMNS = [
  "turn_id",
  "session_id",
  "persona",
  "criterion",
  "human_level",
  "n_ratings",
  "median_level",
  "adjudicated_level",
  "rating_levels",
  "judge_score",
  "judge_level",
  "word_count",
  "turn_date",
  "import_id",
] as const;

export type PairRow = Record<(typeof PAIR_COLUMNS)[number], string | number | null>;

/** `sessionKeys`: each session's own id by database key (findExternalIds). */
export function pairRows(pairs: AgreementPairs, sessionKeys: ReadonlyMap<number, string>): PairRow[] {
  const { units } = pairs;
  return Array.from({ length: pairs.n }, (_, u) => ({
    turn_id: units.turnId[u],
    session_id: sessionKeys.get(units.sessionId[u]) ?? null,
    persona: units.persona[u],
    criterion: units.criterion[u],
    human_level: pairs.human[u],
    n_ratings: pairs.nRatings[u],
    median_level: pairs.median[u],
    adjudicated_level: units.adjudicated[u],
    rating_levels: ratingLevels(pairs, u).join(" "),
    judge_score: units.score[u],
    judge_level: pairs.judgeLevel[u],
    word_count: units.wordCount[u],
    turn_date: new Date(units.day[u] * DAY_MS).toISOString().slice(0, 10),
    import_id: units.importId[u],
  }));
}

/**
 * One CSV cell: numbers as JavaScript prints them (round-trip exact), text quoted when it
 * must be. Text a spreadsheet would run as a formula (starting with =, +, -, @, tab or
 * carriage return: persona ids and criteria come from imported files) gets a leading
 * apostrophe, as OWASP advises for CSV injection.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: readonly Record<string, string | number | null>[]): string {
  const lines = [columns.join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column])).join(","));
  return `${lines.join("\n")}\n`;
}

export function pairsCsv(pairs: AgreementPairs, sessionKeys: ReadonlyMap<number, string>): string {
  return toCsv(PAIR_COLUMNS, pairRows(pairs, sessionKeys));
}
