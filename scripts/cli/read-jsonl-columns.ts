// The asked-for fields of a JSONL file, streamed line by line: each line's object is parsed,
// its fields taken into columns, and dropped — only the columns stay.
import { forEachLine } from "./file-lines.ts";
import { TableBuilder, type Columns } from "./table-builder.ts";

export type JsonlColumns = Columns & { present: Set<string> };
export type JsonlProblem = { line: number; message: string };

export function readJsonlColumns(path: string, textFields: string[], numberFields: string[]): JsonlColumns | JsonlProblem {
  const table = new TableBuilder(textFields, numberFields);
  const present = new Set<string>();
  let problem: JsonlProblem | null = null;
  forEachLine(path, (bytes, start, end, line) => {
    if (problem) return;
    const content = bytes.toString("utf8", start, end);
    if (content.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      problem = { line, message: `not valid JSON (${(error as Error).message})` };
      return;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problem = { line, message: "expected a JSON object" };
      return;
    }
    const record = value as Record<string, unknown>;
    table.startRow(line);
    // `in`, not own keys: a field is in a line exactly when `field in record` said so before.
    for (let k = 0; k < textFields.length; k++) {
      const field = textFields[k];
      if (field in record) present.add(field);
      table.setText(k, field in record ? record[field] : undefined);
    }
    for (let k = 0; k < numberFields.length; k++) {
      const field = numberFields[k];
      if (field in record) present.add(field);
      table.setValue(k, field in record ? record[field] : undefined);
    }
    table.endRow();
  });
  return problem ?? { ...table.finish(), present };
}
