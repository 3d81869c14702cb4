// JSON paths for error messages: persona.id, records[3].response, metrics["odd key"].

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function formatJsonPath(path: readonly PropertyKey[], prefix = ""): string {
  let text = prefix;
  for (const part of path) {
    if (typeof part === "number") text += `[${part}]`;
    else if (typeof part === "string" && IDENTIFIER.test(part)) text += text === "" ? part : `.${part}`;
    else text += `[${JSON.stringify(String(part))}]`;
  }
  return text;
}
