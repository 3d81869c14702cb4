// The server half of bench/score-endpoint.bench.ts, in a process of its own: node:http in
// front of the route handler of POST /api/v1/score exactly as the app exports it (the key
// check, the body checks, the judge, the caches). Next.js's own router is not in the path.
// Prints `listening <port>` when ready. DATABASE_URL must be set.
import { createServer } from "node:http";
import { register } from "node:module";
import { NextRequest } from "next/server";

register("../scripts/lib/server-only-hook.mjs", import.meta.url);
const { POST } = await import("../app/api/v1/score/route.ts");
const context = { params: Promise.resolve({}) };

const server = createServer(async (incoming, outgoing) => {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
  const request = new NextRequest(`http://localhost${incoming.url ?? "/"}`, { method: incoming.method, headers, body: Buffer.concat(chunks) });
  const response = await POST(request, context);
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
