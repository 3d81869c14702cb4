// A whole JSON document from bytes (an API body, an uploaded .json file, a summary.json):
// strict UTF-8, bounded nesting, then JSON.parse; each refusal is a problem naming where.
import { isJsonTooDeep, TOO_DEEP_MESSAGE } from "./json-depth";
import type { ImportProblem } from "./problems";
import { decodeUtf8Document } from "./utf8";

/** Text of a document, or the problem of its first line that is not UTF-8. `path` names the document in the problem. */
export function readTextDocument(bytes: Uint8Array, path = ""): { text: string } | { problems: ImportProblem[] } {
  const decoded = decodeUtf8Document(bytes);
  if ("text" in decoded) return { text: decoded.text.replace(/^\uFEFF/, "") };
  return { problems: [{ line: decoded.line, path, message: decoded.problem }] };
}

export function readJsonDocument(bytes: Uint8Array, path = ""): { value: unknown } | { problems: ImportProblem[] } {
  const read = readTextDocument(bytes, path);
  if ("problems" in read) return read;
  return parseJsonText(read.text, path);
}

export function parseJsonText(text: string, path = ""): { value: unknown } | { problems: ImportProblem[] } {
  if (isJsonTooDeep(text)) return { problems: [{ line: null, path, message: TOO_DEEP_MESSAGE }] };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problems: [{ line: null, path, message: `not valid JSON (${(error as Error).message})` }] };
  }
}
