import { createServer, Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completionBody, startOpenAiStub, type OpenAiStub } from "@/scripts/test/openai-stub-server";
import { createStubEndpoint } from "./llm-test-helpers";
import { probeConnection } from "./probe-connection";
import { testEndpointConnection } from "./test-endpoint-connection";

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

/** A loopback port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("testEndpointConnection", () => {
  it("sends one tiny request and reports latency and the model that answered", async () => {
    stub.setScript(() => ({ body: completionBody("OK", "stub-model-7b") }));
    const before = stub.requests.length;
    const endpoint = await createStubEndpoint(stub.baseUrl);
    const result = await testEndpointConnection(endpoint.id);
    expect(result).toMatchObject({ isOk: true, model: "stub-model-7b", reply: "OK" });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(stub.requests.length - before).toBe(1);
    expect(stub.requests.at(-1)!.body).toMatchObject({ max_tokens: 5, messages: [{ role: "user", content: "Reply with the word OK." }] });
  });

  it("says in plain words that the key was refused", async () => {
    stub.setScript(() => ({ status: 401, body: { error: { message: "bad key" } } }));
    const endpoint = await createStubEndpoint(stub.baseUrl);
    expect(await testEndpointConnection(endpoint.id)).toMatchObject({ isOk: false, stage: "request", error: "The endpoint refused the API key (HTTP 401); check the key" });
  });

  it("fails at the connection stage when nothing listens on the port", async () => {
    const port = await closedPort();
    const endpoint = await createStubEndpoint(`http://127.0.0.1:${port}/v1`);
    const result = await testEndpointConnection(endpoint.id);
    expect(result).toMatchObject({ isOk: false, stage: "connect", error: `Could not connect to 127.0.0.1:${port}: nothing is listening on port ${port} (connection refused)` });
    expect(result.latencyMs).toBeLessThan(5_000);
  });
});

describe("probeConnection", () => {
  it("gives up on a host that never answers after the connect timeout, not the request timeout", async () => {
    // A socket whose handshake never completes, as with a host that drops the SYN (this
    // machine's network answers every address, so a real unreachable one cannot be used).
    const started = performance.now();
    const neverConnects = (() => new Socket()) as unknown as typeof import("node:net").connect;
    await expect(probeConnection("http://10.255.255.1:9/v1", 400, { force: true, connectTo: neverConnects })).rejects.toThrow(
      "could not connect to 10.255.255.1:9 within 0.4 s (nothing answered; is the server running and the address right?)",
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(2_000);
  });
});
