// The largest body the HTTP import entry points accept (the CLI has no limit: it streams
// from disk). Checked against Content-Length and against the bytes actually received.
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_MB = MAX_IMPORT_BYTES / (1024 * 1024);
