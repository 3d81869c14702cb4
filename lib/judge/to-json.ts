// JSON text of metric objects. JSON.stringify writes -0 as 0, but the seed's rounding yields
// -0.0 (round(-0.004, 2)) and Python's json.dumps keeps it; "-0.0" also parses back to -0 in
// both languages, so the sign survives a round trip through the CLI.

/** JSON.stringify for plain data (objects, arrays, strings, numbers, booleans, null), keeping -0. */
export function toJson(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0.0" : JSON.stringify(value);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item ?? null)).join(",")}]`;
  const fields: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field !== undefined) fields.push(`${JSON.stringify(key)}:${toJson(field)}`);
  }
  return `{${fields.join(",")}}`;
}
