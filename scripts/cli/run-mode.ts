// The frame every `concord agreement` mode runs in: --help prints the usage, the report goes
// to stdout as JSON, and bad input (an InputError) to stderr with exit 1 — followed by the
// usage when the command line itself was wrong.
import { InputError, UsageError } from "./agreement-input.ts";

export type ModeReport = Record<string, unknown>;

export async function runMode(
  name: string,
  usage: string,
  report: () => ModeReport | "help",
  format: (report: ModeReport) => string = (value) => JSON.stringify(value, null, 2),
): Promise<number> {
  try {
    const output = report();
    process.stdout.write(`${output === "help" ? usage : format(output)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    if (error instanceof UsageError) process.stderr.write(`\n${usage}\n`);
    return 1;
  }
}
