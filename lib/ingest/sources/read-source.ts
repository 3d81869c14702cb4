// A native source's file, read by the tool that wrote it (named, or detected by its shape).
import type { ImportProblem } from "../problems";
import { readArgilla } from "./argilla";
import { detectSource } from "./detect-source";
import { readInspect } from "./inspect";
import { readLabelStudio } from "./label-studio";
import { readLangfuse } from "./langfuse";
import { readLangsmith } from "./langsmith";
import { readPhoenix } from "./phoenix";
import { readSourceFile, type SourceFile } from "./read-source-file";
import { SOURCE_NAMES, SOURCE_TITLES, type SourceName, type SourceResult } from "./source-values";

export function readSource(bytes: Uint8Array, fileName: string | null, from: SourceName | null): SourceResult {
  const read = readSourceFile(bytes, fileName);
  if ("problems" in read) return read;
  return readSourceRecords(read.file, from);
}

export function readSourceRecords(file: SourceFile, from: SourceName | null): SourceResult {
  const source = from ?? detectSource(file);
  if (source === null) {
    const problem: ImportProblem = {
      line: null,
      path: "",
      message: `cannot tell which tool wrote this file from its records; name it (--from ${SOURCE_NAMES.join("|")})`,
    };
    return { problems: [problem] };
  }
  if (source !== "inspect" && (file.archive || file.document)) {
    return { problems: [{ line: null, path: "", message: `this is an Inspect AI log, not a ${SOURCE_TITLES[source]} export` }] };
  }
  switch (source) {
    case "langfuse":
      return readLangfuse(file.records);
    case "langsmith":
      return readLangsmith(file.records);
    case "phoenix":
      return readPhoenix(file.records);
    case "label-studio":
      return readLabelStudio(file.records);
    case "argilla":
      return readArgilla(file.records);
    case "inspect":
      return readInspect(file);
  }
}
