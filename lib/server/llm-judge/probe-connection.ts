import "server-only";
import { connect } from "node:net";
import { ChatRequestError } from "./chat-request-error";

/** How long opening a connection to an endpoint may take, apart from the request's own timeout. */
export function connectTimeoutMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const value = Number(env.CONCORD_LLM_CONNECT_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 5_000;
}

const CONFIRMED_FOR_MS = 60_000;
const confirmed = new Map<string, number>();

/**
 * Opens (and closes) a TCP connection to the endpoint's host within `timeoutMs`, so an
 * unreachable endpoint fails at the connection stage in seconds instead of after the request
 * timeout and its retries. A host that answered within the last minute is not asked again.
 * Throws a ChatRequestError ("transient") that says in plain words what went wrong.
 */
export async function probeConnection(
  baseUrl: string,
  timeoutMs: number,
  options: { force?: boolean; /** Tests stand in a socket that never connects. */ connectTo?: typeof connect } = {},
): Promise<void> {
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  const key = `${host}:${port}`;
  if (!options.force && (confirmed.get(key) ?? 0) > Date.now() - CONFIRMED_FOR_MS) return;
  await new Promise<void>((resolve, reject) => {
    const socket = (options.connectTo ?? connect)({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new ChatRequestError(`could not connect to ${key} within ${timeoutMs / 1000} s (nothing answered; is the server running and the address right?)`, "transient"));
    }, timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.end();
      confirmed.set(key, Date.now());
      resolve();
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new ChatRequestError(`could not connect to ${key}: ${plainConnectError(error, host, port)}`, "transient"));
    });
  });
}

function plainConnectError(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case "ECONNREFUSED":
      return `nothing is listening on port ${port} (connection refused)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the host name "${host}" was not found`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "the network cannot reach that host";
    case "ECONNRESET":
      return "the connection was closed at once";
    default:
      return error.message;
  }
}
