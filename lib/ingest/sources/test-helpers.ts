// Reading a fixture of lib/ingest/sources/fixtures the way the CLI reads a file, for the tests.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { planSourceImport } from "./preview-source";
import { readSource } from "./read-source";
import type { SourceName, SourceRead } from "./source-values";

export const FIXTURES = join(import.meta.dirname, "fixtures");

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES, name)));
}

export function readFixture(name: string, from: SourceName | null = null): SourceRead {
  const read = readSource(fixtureBytes(name), name, from);
  if ("problems" in read) throw new Error(`${name}: ${JSON.stringify(read.problems)}`);
  return read.read;
}

export function previewFixture(name: string, from: SourceName | null = null) {
  const planned = planSourceImport(readFixture(name, from));
  if ("problems" in planned) throw new Error(`${name}: ${JSON.stringify(planned.problems)}`);
  return planned.preview;
}

/** Values as compact tuples: [item, criterion, role, rater, value]. */
export function valueTuples(read: SourceRead): [string, string, string, string, unknown][] {
  return read.values.map((v) => [v.item, v.criterion, v.role, v.rater, v.value]);
}
