import "server-only";

/**
 * Why a chat request failed, and what to do about it:
 * - transient: 429, 408, 5xx, a timeout or a dropped connection — retry with backoff;
 * - item: the request itself was refused (400, 413, 422…) — fail this item, go on;
 * - endpoint: the endpoint refuses us (401, 403, 404) — every item would fail; stop the run.
 */
export type ChatFailureKind = "transient" | "item" | "endpoint";

export class ChatRequestError extends Error {
  constructor(
    message: string,
    readonly kind: ChatFailureKind,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "ChatRequestError";
  }
}

export function failureKindOfStatus(status: number): ChatFailureKind {
  if (status === 408 || status === 429 || status >= 500) return "transient";
  if (status === 401 || status === 403 || status === 404) return "endpoint";
  return "item";
}

/** Text from an endpoint, shortened and with the API key masked should the server echo it. */
export function redact(text: string, apiKey: string | null, max = 300): string {
  const masked = apiKey && apiKey.length >= 4 ? text.split(apiKey).join("[redacted]") : text;
  const flat = masked.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
