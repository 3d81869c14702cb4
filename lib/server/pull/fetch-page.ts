import "server-only";

/** Why a page could not be fetched, in words a person can act on. */
export class PullError extends Error {
  constructor(
    message: string,
    /** A refused credential: retrying the same command will not help. */
    readonly isAuth = false,
  ) {
    super(message);
    this.name = "PullError";
  }
}

export type FetchOptions = {
  /** Tries for a 5xx answer or a network error before giving up (the first included). */
  maxAttempts?: number;
  /** Waits for a 429 before giving up. */
  maxRateLimitWaits?: number;
  /** The first wait after a 5xx; each next one doubles. */
  baseDelayMs?: number;
  /** A Retry-After longer than this is refused instead of waited for. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  /** Told before each wait, for the progress line. */
  onWait?: (reason: string, ms: number) => void;
};

const sleeper = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GETs one page of a tool's API as JSON. 429 waits as long as Retry-After says (seconds or an
 * HTTP date); a 5xx or a network error is retried with a doubling wait, then fails; 401/403 fail
 * at once naming the credential (`authHint`); other answers fail with their status and the
 * start of their body. Nothing of the credential ends up in a message.
 */
export async function fetchJsonPage(url: string, init: { headers: Record<string, string>; toolName: string; authHint: string }, options: FetchOptions = {}): Promise<unknown> {
  const { maxAttempts = 3, maxRateLimitWaits = 5, baseDelayMs = 1000, maxRetryAfterMs = 120_000, sleep = sleeper, fetch: doFetch = fetch, onWait } = options;
  let failures = 0;
  let waits = 0;
  const where = new URL(url);
  const shown = `${where.pathname}${where.search}`;
  for (;;) {
    let response: Response;
    try {
      response = await doFetch(url, { headers: { accept: "application/json", ...init.headers }, redirect: "follow" });
    } catch (error) {
      failures++;
      const reason = `${init.toolName} did not answer (${(error as Error).message})`;
      if (failures >= maxAttempts) throw new PullError(`${reason} at ${shown}, ${failures} tries`);
      const ms = baseDelayMs * 2 ** (failures - 1);
      onWait?.(reason, ms);
      await sleep(ms);
      continue;
    }
    if (response.ok) {
      const text = await response.text();
      try {
        return JSON.parse(text);
      } catch {
        throw new PullError(`${init.toolName} answered ${shown} with something that is not JSON: ${text.slice(0, 120)}`);
      }
    }
    const body = (await response.text().catch(() => "")).slice(0, 200);
    if (response.status === 401 || response.status === 403) {
      throw new PullError(`${init.toolName} refused the credentials (HTTP ${response.status}): ${init.authHint}`, true);
    }
    if (response.status === 429) {
      waits++;
      const ms = retryAfterMs(response.headers.get("retry-after")) ?? baseDelayMs * 2 ** (waits - 1);
      if (waits > maxRateLimitWaits) throw new PullError(`${init.toolName} kept answering 429 (too many requests) at ${shown}, ${waits} times`);
      if (ms > maxRetryAfterMs) throw new PullError(`${init.toolName} asked to wait ${Math.round(ms / 1000)} s (Retry-After) at ${shown}; run the command again later to resume`);
      onWait?.(`${init.toolName} asked to slow down (429)`, ms);
      await sleep(ms);
      continue;
    }
    if (response.status >= 500) {
      failures++;
      const reason = `${init.toolName} failed (HTTP ${response.status})`;
      if (failures >= maxAttempts) throw new PullError(`${reason} at ${shown}, ${failures} tries${body ? `: ${body}` : ""}`);
      const ms = baseDelayMs * 2 ** (failures - 1);
      onWait?.(reason, ms);
      await sleep(ms);
      continue;
    }
    throw new PullError(`${init.toolName} answered HTTP ${response.status} at ${shown}${body ? `: ${body}` : ""}`);
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === "") return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
