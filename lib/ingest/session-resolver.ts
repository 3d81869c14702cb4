// Which session a turn belongs to (SPEC §2): its own session_id, else that of the last
// `{"type":"session"}` line, else the id given at import time, else an anonymous session
// (one per header segment) whose identity will be a hash of its content. Both passes of an
// import resolve through this, so they agree.
import type { LogRecord, SessionHeader } from "./log-record.schema";

export class SessionResolver {
  private segment = 0;
  private headerSessionId: string | null = null;

  constructor(private readonly importSessionId: string | null) {}

  /** Starts a header segment; returns the key of the session the header describes. */
  enterHeader(header: SessionHeader): string {
    this.segment++;
    this.headerSessionId = header.session_id ?? null;
    return this.keyFor(null);
  }

  keyOf(record: LogRecord): string {
    return this.keyFor(record.session_id ?? null);
  }

  private keyFor(ownId: string | null): string {
    const id = ownId ?? this.headerSessionId ?? this.importSessionId;
    return id === null ? `anon:${this.segment}` : `id:${id}`;
  }
}

/** The session_id inside a key, or null for an anonymous session. */
export function explicitIdOf(key: string): string | null {
  return key.startsWith("id:") ? key.slice(3) : null;
}
