import "server-only";
import { formatProblemReport, type ProblemReport } from "@/lib/ingest/problems";

// Why an import was refused. Services throw these; entry points map them to an exit code,
// an HTTP status (400, 409, 413) or a message on the page.

/** The input is wrong: nothing was stored. */
export class ImportInvalidError extends Error {
  constructor(readonly report: ProblemReport) {
    super(["the input has problems; nothing was imported:", ...formatProblemReport(report)].join("\n"));
    this.name = "ImportInvalidError";
  }
}

/** A session of the input is stored already with other content, and replacing was not asked for. */
export class ImportConflictError extends Error {
  constructor(readonly sessions: { id: number; externalId: string }[]) {
    const ids = sessions.map((session) => session.externalId).join(", ");
    super(
      `${sessions.length === 1 ? "session" : "sessions"} ${ids} ${sessions.length === 1 ? "is" : "are"} already stored with different content; nothing was imported (import again with replace to overwrite)`,
    );
    this.name = "ImportConflictError";
  }
}

/** The input is larger than an entry point accepts. */
export class ImportTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`the input is larger than the limit of ${Math.round(limitBytes / (1024 * 1024))} MB`);
    this.name = "ImportTooLargeError";
  }
}

/** The body is in a format the entry point does not take. */
export class ImportUnsupportedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportUnsupportedError";
  }
}
