import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

/**
 * A scripted OpenAI-compatible chat-completions server on loopback, for tests: each
 * request is recorded and answered by the script (well-formed JSON, malformed text, a 429
 * with Retry-After, a slow answer that times out, or no answer at all).
 */
export type StubMessage = { role: string; content: string };
export type StubRequest = {
  index: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: StubMessage[]; temperature?: number; response_format?: unknown } & Record<string, unknown>;
  receivedAt: number;
  /** Closed by the client before the answer was sent (timeout, abort). */
  isAborted: boolean;
  isAnswered: boolean;
  answeredAt: number | null;
};

export type StubReply = {
  status?: number;
  headers?: Record<string, string>;
  /** The assistant message's content (wrapped in a chat.completion body). */
  content?: string;
  /** The reply's token counts (default: 10 prompt, 5 completion). */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** A raw body instead (e.g. an error object). */
  body?: unknown;
  delayMs?: number;
  /** Never answer; only the client's timeout or abort ends the request. */
  hang?: boolean;
};

export type StubScript = (request: StubRequest) => StubReply | Promise<StubReply>;

export type OpenAiStub = {
  /** The base URL to configure: http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: StubRequest[];
  setScript(script: StubScript): void;
  close(): Promise<void>;
};

export function completionBody(content: string, model = "stub-model", usage = { prompt_tokens: 10, completion_tokens: 5 }) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

/** Replies in order; the last one repeats. */
export function inOrder(...replies: StubReply[]): StubScript {
  return (request) => replies[Math.min(request.index, replies.length - 1)];
}

/** The user message of a request (the prompt the judge built). */
export function promptOf(request: StubRequest): string {
  return request.body.messages?.find((message) => message.role === "user")?.content ?? "";
}

/** A direct-scoring reply with this level and justification. */
export function directReply(level: number, justification = "The response engages the prompt with specific points.") {
  return JSON.stringify({ scores: [{ criterion: "overall", evidence: ["quoted passage"], justification, score: level, improvement: "Be more precise." }], summary: "ok" });
}

/** A pairwise reply for one pass. */
export function pairwiseReply(winner: "A" | "B" | "TIE", confidence: number) {
  return JSON.stringify({ analysis: { A: "a", B: "b" }, comparison: [{ criterion: "Overall quality", winner, reasoning: "r" }], reasoning: "because", winner, confidence });
}

/** A script that answers every task well: level 3, pairwise B at 0.8 (by content), a small rubric. */
export const wellFormedJudge: StubScript = (request) => {
  const prompt = promptOf(request);
  if (prompt.includes("## Response A")) return { content: pairwiseReply("A", 0.8) };
  const levels = /Scale: 1-(\d)/.exec(prompt);
  if (levels) {
    const count = Number(levels[1]);
    const rubric = {
      levels: Array.from({ length: count }, (_, index) => ({ score: index + 1, label: `Level ${index + 1}`, description: `Description of level ${index + 1}`, characteristics: [`Characteristic of level ${index + 1}`] })),
      edgeCases: [{ situation: "An ambiguous case", guidance: "Score conservatively" }],
      scoringGuidelines: ["Judge only this criterion"],
    };
    return { content: JSON.stringify(rubric) };
  }
  return { content: directReply(3) };
};

export async function startOpenAiStub(initial: StubScript = wellFormedJudge, host = "127.0.0.1", port = 0): Promise<OpenAiStub> {
  let script = initial;
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      let body: StubRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {}
      const request: StubRequest = { index: requests.length, method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, receivedAt: Date.now(), isAborted: false, isAnswered: false, answeredAt: null };
      requests.push(request);
      res.on("close", () => {
        if (!res.writableFinished) request.isAborted = true;
      });
      if (req.method !== "POST" || !request.path.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const reply = await script(request);
      if (reply.hang) return;
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (res.destroyed) return;
      const payload = reply.body !== undefined ? reply.body : completionBody(reply.content ?? "", body.model, reply.usage);
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
      res.end(typeof payload === "string" ? payload : JSON.stringify(payload), () => {
        request.isAnswered = true;
        request.answeredAt = Date.now();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${host}:${actualPort}/v1`,
    requests,
    setScript: (next) => {
      script = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `node --import tsx scripts/test/openai-stub-server.ts [port]`: a well-formed judge for
// trying the settings pages by hand or from an end-to-end test.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const stub = await startOpenAiStub(wellFormedJudge, "127.0.0.1", Number(process.argv[2] ?? 0));
  console.log(stub.baseUrl);
  process.on("SIGINT", () => void stub.close().then(() => process.exit(0)));
  process.on("SIGTERM", () => void stub.close().then(() => process.exit(0)));
}
