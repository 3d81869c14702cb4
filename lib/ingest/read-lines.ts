// Lines of a UTF-8 byte stream, numbered from 1, without holding more than one line and one
// chunk in memory: how imports stream files of any size. A leading BOM and CR of CRLF go.
// Lines are cut on the newline byte (which never occurs inside a multi-byte character) and
// decoded strictly: a line that is not UTF-8 comes with a problem naming where, not with
// U+FFFD in place of its bytes.
import { decodeUtf8Line } from "./utf8";

export type ByteSource = () => AsyncIterable<Uint8Array>;
/** `problem` is set (and `text` empty) when the line's bytes are not UTF-8. */
export type NumberedLine = { line: number; text: string; problem?: string };

const NEWLINE = 0x0a;

export async function* readLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<NumberedLine> {
  let carry: Uint8Array[] = [];
  let line = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      line++;
      yield toLine(line, join(carry, chunk.subarray(start, end)));
      carry = [];
      start = end + 1;
    }
    if (start < chunk.length) carry.push(chunk.slice(start));
  }
  const rest = join(carry, new Uint8Array(0));
  if (rest.length > 0) yield toLine(line + 1, rest);
}

function join(parts: readonly Uint8Array[], last: Uint8Array): Uint8Array {
  if (parts.length === 0) return last;
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, last.length));
  let at = 0;
  for (const part of [...parts, last]) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

function toLine(line: number, bytes: Uint8Array): NumberedLine {
  let body = bytes;
  if (line === 1 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  if (body[body.length - 1] === 0x0d) body = body.subarray(0, -1);
  const decoded = decodeUtf8Line(body);
  return "text" in decoded ? { line, text: decoded.text } : { line, text: "", problem: decoded.problem };
}

/** A source over bytes already in memory (an HTTP body, a generated demo log). */
export function bytesSource(bytes: Uint8Array, chunkSize = 1 << 20): ByteSource {
  return async function* () {
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
  };
}
