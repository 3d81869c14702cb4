import "server-only";
import { searchTerms, toPrefixTsQuery } from "@/lib/sessions/search-terms";
import { Prisma } from "@/prisma/generated/client";
import { getDb } from "../db";

/** Beyond this many matching prompts and responses the search is left to one semi-join. */
const MAX_LISTED_MATCHES = 5_000;

export type TextMatches = { kind: "none" } | { kind: "listed"; sessionIds: number[] } | { kind: "many"; tsQuery: string };

/** The full-text query the search stands for (the expressions match the GIN indexes exactly). */
export function textSearchSources(tsQuery: string): Prisma.Sql {
  const query = Prisma.sql`to_tsquery('simple'::regconfig, ${tsQuery})`;
  return Prisma.sql`
    SELECT e.id FROM eval_sessions e WHERE to_tsvector('simple'::regconfig, COALESCE(e.seed_prompt, '')) @@ ${query}
    UNION ALL
    SELECT t.session_id FROM turns t WHERE to_tsvector('simple'::regconfig, t.response) @@ ${query}`;
}

/**
 * The sessions whose seed prompt or one of whose responses contains every word of the search.
 * PostgreSQL cannot estimate how many rows a prefix query matches, and guessing too many
 * makes it walk every session; so a search matching a few thousand texts or fewer is run on
 * its own first and handed over as a list of ids, whose length the planner knows.
 */
export async function findTextMatches(text: string | undefined): Promise<TextMatches> {
  const tsQuery = text === undefined ? null : toPrefixTsQuery(searchTerms(text));
  if (tsQuery === null) return { kind: "none" };
  const rows = await getDb().$queryRaw<Array<{ id: number }>>`
    SELECT id FROM (${textSearchSources(tsQuery)}) matching LIMIT ${MAX_LISTED_MATCHES + 1}::int`;
  if (rows.length > MAX_LISTED_MATCHES) return { kind: "many", tsQuery };
  return { kind: "listed", sessionIds: [...new Set(rows.map((row) => row.id))] };
}
