import { describe, expect, it } from "vitest";
import { hasFilters, parseListQuery, sessionsHref, sortHref, toSearchParams } from "./list-query-params";
import { DEFAULT_LIST_QUERY, type ListQuery } from "./list-query.schema";

const FULL: ListQuery = {
  q: "문제 challenge",
  quality: ["fair", "excellent"],
  persona: "antithesis",
  minScore: 0.25,
  maxScore: 0.9,
  from: "2025-01-01",
  to: "2025-02-28",
  rated: "yes",
  judge: 3,
  sort: "score",
  dir: "asc",
  page: 4,
  pageSize: 50,
};

describe("parseListQuery", () => {
  it("gives the defaults for an empty URL", () => {
    expect(parseListQuery(new URLSearchParams())).toEqual({ query: DEFAULT_LIST_QUERY, problems: [] });
  });

  it("round-trips every field through the URL", () => {
    const search = toSearchParams(FULL);
    expect(parseListQuery(search)).toEqual({ query: FULL, problems: [] });
    expect(parseListQuery(new URLSearchParams(search.toString()))).toEqual({ query: FULL, problems: [] });
  });

  it("reads Next's searchParams object, with repeated and comma-separated quality levels", () => {
    const { query } = parseListQuery({ quality: ["Good", "poor,excellent"], page: ["2", "9"], q: "  trust  " });
    expect(query).toMatchObject({ quality: ["poor", "good", "excellent"], page: 2, q: "trust" });
  });

  it("treats empty form fields as absent", () => {
    const { query, problems } = parseListQuery(new URLSearchParams("q=&persona=&minScore=&rated=&judge=&sort=&page="));
    expect(query).toEqual(DEFAULT_LIST_QUERY);
    expect(problems).toEqual([]);
  });

  it("drops each bad value to its default and says why", () => {
    const { query, problems } = parseListQuery(
      new URLSearchParams("sort=bogus&dir=up&page=0&pageSize=7&minScore=2&judge=abc&rated=maybe&from=2025-02-30&quality=great&persona=thesis"),
    );
    expect(query).toEqual({ ...DEFAULT_LIST_QUERY, persona: "thesis" });
    expect(problems.map((problem) => problem.field)).toEqual(["quality", "minScore", "from", "rated", "judge", "sort", "dir", "page", "pageSize"]);
    expect(problems.find((problem) => problem.field === "pageSize")?.message).toBe("pageSize must be one of 10, 25, 50, 100");
    expect(problems.find((problem) => problem.field === "from")?.message).toBe("from is not a real date");
  });

  it("drops a reversed score range or date range as a whole", () => {
    const { query, problems } = parseListQuery(new URLSearchParams("minScore=0.8&maxScore=0.2&from=2025-03-01&to=2025-01-01"));
    expect(query).toEqual(DEFAULT_LIST_QUERY);
    expect(problems.map((problem) => problem.message)).toEqual(["minScore must not be above maxScore", "from must not be after to"]);
  });

  it("drops a search with nothing to search for", () => {
    const { query, problems } = parseListQuery(new URLSearchParams("q=%21%3F%26"));
    expect(query.q).toBeUndefined();
    expect(problems).toEqual([{ field: "q", message: "q has no letters or digits to search for" }]);
  });

  it("refuses a search longer than 200 characters", () => {
    const { problems } = parseListQuery(new URLSearchParams({ q: "a".repeat(201) }));
    expect(problems[0].message).toBe("q must be at most 200 characters");
  });
});

describe("toSearchParams", () => {
  it("leaves defaults out and writes fields in one order", () => {
    expect(toSearchParams(DEFAULT_LIST_QUERY).toString()).toBe("");
    expect(toSearchParams({ ...DEFAULT_LIST_QUERY, page: 2, persona: "thesis", q: "a b" }).toString()).toBe("q=a+b&persona=thesis&page=2");
  });

  it("is a fixed point: parsing a canonical URL gives it back", () => {
    const canonical = toSearchParams(FULL).toString();
    expect(toSearchParams(parseListQuery(new URLSearchParams(canonical)).query).toString()).toBe(canonical);
  });
});

describe("links", () => {
  it("sorts descending first, then flips, and goes back to page 1", () => {
    const query = { ...DEFAULT_LIST_QUERY, page: 3 };
    expect(sortHref(query, "score")).toBe("/sessions?sort=score");
    expect(sortHref({ ...query, sort: "score" }, "score")).toBe("/sessions?sort=score&dir=asc");
    expect(sortHref({ ...query, sort: "score", dir: "asc" }, "score")).toBe("/sessions?sort=score");
  });

  it("keeps the filters when paging", () => {
    expect(sessionsHref({ ...DEFAULT_LIST_QUERY, rated: "no" }, { page: 2 })).toBe("/sessions?rated=no&page=2");
    expect(sessionsHref(DEFAULT_LIST_QUERY)).toBe("/sessions");
  });

  it("tells filters from sort and page", () => {
    expect(hasFilters({ ...DEFAULT_LIST_QUERY, sort: "turns", page: 2 })).toBe(false);
    expect(hasFilters({ ...DEFAULT_LIST_QUERY, rated: "no" })).toBe(true);
  });
});
