import "server-only";
import { searchTerms, toPrefixTsQuery } from "@/lib/sessions/search-terms";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";

/** Beyond this many matching sessions the search is left to a condition in the list query. */
const MAX_LISTED_MATCHES = 5_000;

export type TextMatches = { kind: "none" } | { kind: "listed"; sessionIds: number[] } | { kind: "many"; tsQuery: string };

/** The condition on `eval_sessions s` (the expression matches the GIN index on search_vector). */
export function textMatchCondition(tsQuery: string): Prisma.Sql {
  return Prisma.sql`s.search_vector @@ to_tsquery('simple'::regconfig, ${tsQuery})`;
}

/**
 * The sessions whose text (seed prompt and responses together, one document per session)
 * contains every word of the search, each as a word or the start of one.
 * PostgreSQL cannot estimate how many rows a prefix query matches, and guessing too many
 * makes it walk every session; so a search matching a few thousand sessions or fewer is run on
 * its own first and handed over as a list of ids, whose length the planner knows.
 */
export async function findTextMatches(text: string | undefined): Promise<TextMatches> {
  const tsQuery = text === undefined ? null : toPrefixTsQuery(searchTerms(text));
  if (tsQuery === null) return { kind: "none" };
  const rows = await getDb().$queryRaw<Array<{ id: number }>>`
    SELECT s.id FROM eval_sessions s WHERE ${textMatchCondition(tsQuery)} LIMIT ${MAX_LISTED_MATCHES + 1}::int`;
  if (rows.length > MAX_LISTED_MATCHES) return { kind: "many", tsQuery };
  return { kind: "listed", sessionIds: rows.map((row) => row.id) };
}
