import "server-only";
import { ImportTooLargeError } from "./import-errors";

/**
 * The request body, refused with ImportTooLargeError when Content-Length says it is too
 * large or when more bytes than that arrive (a missing or false Content-Length).
 */
export async function readLimitedBody(request: Request, limitBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) throw new ImportTooLargeError(limitBytes);
  if (request.body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) {
      await reader.cancel();
      throw new ImportTooLargeError(limitBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}
