// What the server does while its database is unreachable (scripts/start.mjs uses it).
// The app marks the shared state down when a query fails to connect
// (lib/server/database-state.ts); from then on pages get a plain 503 "database unavailable,
// retrying" page and the API a 503 JSON body, without touching Next.js or the pool, and a
// probe every 2 s notices when the database answers again. pg's pool opens new connections
// by itself, so nothing needs restarting.
import pg from "pg";

const STATE_KEY = Symbol.for("concord.database-state");
export const RETRY_AFTER_SECONDS = 5;

/** The state object shared with the app (same process, same globalThis). */
export function databaseState() {
  globalThis[STATE_KEY] ??= { isDown: false, failures: 0 };
  return globalThis[STATE_KEY];
}

/** One connection and `SELECT 1` within `timeoutMs`: true when the database answers. */
export async function probeDatabase(url, timeoutMs = 1000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    client.end().catch(() => {});
  }
}

export function createDatabaseWatch({ url, log }) {
  const state = databaseState();
  let probing = null;
  let lastProbeAt = 0;

  /** Probes at most once a second, one probe at a time; clears the state when it answers. */
  function recheck() {
    if (probing) return probing;
    if (Date.now() - lastProbeAt < 1000) return Promise.resolve(!state.isDown);
    lastProbeAt = Date.now();
    probing = probeDatabase(url).then((isUp) => {
      probing = null;
      if (isUp && state.isDown) {
        state.isDown = false;
        log("the database answers again");
      }
      return isUp;
    });
    return probing;
  }

  const timer = setInterval(() => state.isDown && recheck(), 2000);
  timer.unref();

  return {
    state,
    /** True when a request may go on to Next.js: the database is up, or answers again now. */
    async admits() {
      return !state.isDown || (await recheck());
    },
    /** For shutdown: does the database answer within `timeoutMs`? */
    isReachable: (timeoutMs) => probeDatabase(url, timeoutMs),
    stop: () => clearInterval(timer),
  };
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>Database unavailable · Concord</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:15vh auto;padding:0 1rem;color:#1f2937}h1{font-size:1.5rem}</style>
</head>
<body>
<main>
<h1>Database unavailable, retrying</h1>
<p>Concord cannot reach its database just now. This page tries again every ${RETRY_AFTER_SECONDS} seconds and opens as soon as the database is back.</p>
</main>
</body>
</html>
`;

const COMMON_HEADERS = {
  "retry-after": String(RETRY_AFTER_SECONDS),
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

/** The 503 answer: JSON for the API, the plain page for everything else. */
export function unavailableResponse(url) {
  if (url.startsWith("/api/")) {
    return { headers: { ...COMMON_HEADERS, "content-type": "application/json" }, body: JSON.stringify({ error: "database unavailable, retrying", db: "down" }) };
  }
  return {
    headers: {
      ...COMMON_HEADERS,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
    body: PAGE,
  };
}

/** Built assets and the health probe never need the gate (health probes by itself). */
export function bypassesGate(url) {
  return url.startsWith("/_next/static/") || url.startsWith("/_next/image") || url === "/favicon.ico" || url.startsWith("/api/health");
}

/**
 * The request that finds the database gone fails inside Next.js with a 500. When a
 * connection failure was reported while it ran and it is about to answer 5xx, its answer is
 * replaced by the 503 one: Next's writes are dropped and ours is sent instead. (A page that
 * streamed its first bytes before the failure keeps its own error boundary.)
 */
export function replaceFailedAnswer(req, res, state) {
  const failuresBefore = state.failures;
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let isReplaced = null;
  const decide = (status) => {
    isReplaced ??= status >= 500 && state.failures > failuresBefore;
    return isReplaced;
  };
  const callbackOf = (...args) => args.find((arg) => typeof arg === "function");
  res.writeHead = function (status, ...rest) {
    if (decide(status)) return this;
    return original.writeHead.call(this, status, ...rest);
  };
  res.write = function (...args) {
    if (decide(this.statusCode)) {
      callbackOf(...args)?.();
      return true;
    }
    return original.write.apply(this, args);
  };
  res.end = function (...args) {
    if (!decide(this.statusCode)) return original.end.apply(this, args);
    for (const name of this.getHeaderNames()) this.removeHeader(name);
    const { headers, body } = unavailableResponse(req.url ?? "/");
    original.writeHead.call(this, 503, headers);
    original.end.call(this, body, callbackOf(...args));
    return this;
  };
}
