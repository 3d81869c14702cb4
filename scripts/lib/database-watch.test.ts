import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { replaceFailedAnswer, unavailableResponse } from "./database-watch.mjs";

// The request that discovers the outage fails inside Next.js; its 500 (however Next writes
// it) becomes the plain 503, and nothing Next wrote reaches the client.

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, state: { isDown: boolean; failures: number }) => void;
let server: http.Server | null = null;
afterEach(() => server?.close());

async function answer(path: string, handler: Handler) {
  const state = { isDown: false, failures: 0 };
  server = http.createServer((req, res) => {
    replaceFailedAnswer(req, res, state);
    handler(req, res, state);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

describe("replaceFailedAnswer", () => {
  it("replaces a streamed 500 written after a connection failure with the 503 page", async () => {
    const result = await answer("/sessions", (_req, res, state) => {
      state.failures++;
      res.statusCode = 500;
      res.setHeader("x-nextjs-cache", "MISS");
      res.write("<html>Internal Server Error part 1");
      res.end(" part 2</html>");
    });

    expect(result.status).toBe(503);
    expect(result.body).toBe(unavailableResponse("/sessions").body);
    expect(result.headers["retry-after"]).toBe("5");
    expect(result.headers["x-nextjs-cache"]).toBeUndefined();
  });

  it("replaces an explicit writeHead(500) of an API route with the JSON answer", async () => {
    const result = await answer("/api/v1/sessions", (_req, res, state) => {
      state.failures++;
      res.writeHead(500, { "content-type": "application/json" }).end('{"error":"internal error"}');
    });

    expect([result.status, JSON.parse(result.body)]).toEqual([503, { error: "database unavailable, retrying", db: "down" }]);
  });

  it("leaves a 500 alone when no connection failure happened during the request, and a 200 always", async () => {
    expect((await answer("/x", (_req, res) => res.writeHead(500).end("boom"))).body).toBe("boom");
    server?.close();
    expect(await answer("/x", (_req, res, state) => {
      state.failures++;
      res.end("fine");
    })).toMatchObject({ status: 200, body: "fine" });
  });
});
