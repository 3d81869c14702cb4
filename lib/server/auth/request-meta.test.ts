import { describe, expect, it } from "vitest";
import { safeNextPath } from "./request-meta";

// Known ways to smuggle another site into a "local" redirect: what the browser would make
// of each, after sign-in, is another origin (or a script), so every one must be refused.
const BYPASSES = [
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example", // the issue's /%09/evil.example, as the page receives it
  "/\n/evil.example",
  "/\r/evil.example",
  "/\u0000/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/ /evil.example",
  "/.//evil.example", // normalises to //evil.example
  "/..//evil.example",
  "/./..//evil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "//evil.example@concord.local",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "%2F%2Fevil.example",
  "/\u3002evil.example",
  "/\uff0f\uff0fevil.example",
  "/\u2028/evil.example",
  "/é",
  "/\u00a0/evil.example",
  "/sign-in?next=//evil.example",
  "/api/v1/sessions",
];

describe("safeNextPath", () => {
  it.each(BYPASSES.map((next) => [JSON.stringify(next), next]))("refuses %s", (_label, next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeNextPath("/agreement")).toBe("/agreement");
    expect(safeNextPath("/sessions/12?turn=3&view=full#chart")).toBe("/sessions/12?turn=3&view=full#chart");
    expect(safeNextPath("/queue?criterion=helpfulness%20v2")).toBe("/queue?criterion=helpfulness%20v2");
    expect(safeNextPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example"); // an encoded slash stays a path on this site
    expect(safeNextPath("/sessions/./12/../13")).toBe("/sessions/13");
  });

  it("refuses a missing, empty, repeated or overlong value", () => {
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath("")).toBeNull();
    expect(safeNextPath(`/${"a".repeat(2001)}`)).toBeNull();
    expect(safeNextPath(["/agreement", "//evil.example"])).toBeNull(); // ?next=…&next=…
  });
});
