// The command line's one way of reading flags: node:util parseArgs, strict, no positionals,
// --help / -h, and the flags a mode cannot do without named in a UsageError.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./agreement-input.ts";

const HELP = { help: { type: "boolean", short: "h" } } as const;

type Flags = NonNullable<ParseArgsConfig["options"]>;

export function parseCliArgs<const O extends Flags>(args: string[], options: O, required: readonly (keyof O & string)[]) {
  let parsed;
  try {
    parsed = parseArgs({ args, strict: true, allowPositionals: false, options: { ...options, ...HELP } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as { [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : O[K]["multiple"] extends true ? string[] : string } & { help?: boolean };
  if (values.help) return "help" as const;
  for (const name of required) {
    if (!values[name]) throw new UsageError(`missing --${name}`);
  }
  return values;
}
