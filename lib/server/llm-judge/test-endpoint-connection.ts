import "server-only";
import { ChatRequestError } from "./chat-request-error";
import { findEndpointCredentials } from "./find-endpoint-credentials";
import { connectTimeoutMs, probeConnection } from "./probe-connection";
import { requestChatCompletion } from "./request-chat-completion";

export type ConnectionTest =
  | { isOk: true; latencyMs: number; model: string | null; reply: string }
  | { isOk: false; latencyMs: number; stage: "connect" | "request"; error: string };

/** How long the one tiny request of a test may take once connected. */
const TEST_REQUEST_TIMEOUT_MS = 30_000;

/**
 * "Test connection": one tiny chat request ("Reply with OK", a few tokens), no retry. Says how
 * long it took, which model answered, or what went wrong in plain words, naming the stage:
 * an unreachable endpoint fails at the connection stage within the connect timeout (5 s).
 */
export async function testEndpointConnection(endpointId: number): Promise<ConnectionTest> {
  const endpoint = await findEndpointCredentials(endpointId);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    await probeConnection(endpoint.baseUrl, connectTimeoutMs(), { force: true });
  } catch (error) {
    if (!(error instanceof ChatRequestError)) throw error;
    return { isOk: false, latencyMs: elapsed(), stage: "connect", error: capitalise(error.message) };
  }
  try {
    const reply = await requestChatCompletion(endpoint, [{ role: "user", content: "Reply with the word OK." }], { timeoutMs: TEST_REQUEST_TIMEOUT_MS, jsonMode: false, maxTokens: 5 });
    return { isOk: true, latencyMs: elapsed(), model: reply.model, reply: reply.content.slice(0, 80) };
  } catch (error) {
    if (!(error instanceof ChatRequestError)) throw error;
    return { isOk: false, latencyMs: elapsed(), stage: "request", error: capitalise(plainRequestError(error)) };
  }
}

function plainRequestError(error: ChatRequestError): string {
  if (error.status === 401 || error.status === 403) return `the endpoint refused the API key (HTTP ${error.status}); check the key`;
  if (error.status === 404) return `the endpoint has no chat-completions route or no such model (HTTP 404); check the base URL and the model name`;
  return error.message;
}

function capitalise(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
