// Lines of a UTF-8 byte stream, numbered from 1, without holding more than one line and one
// chunk in memory: how imports stream files of any size. A leading BOM and CR of CRLF go.

export type ByteSource = () => AsyncIterable<Uint8Array>;
export type NumberedLine = { line: number; text: string };

export async function* readLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<NumberedLine> {
  const decoder = new TextDecoder("utf-8");
  let carry = "";
  let line = 0;
  let isFirst = true;
  for await (const chunk of chunks) {
    let text = carry + decoder.decode(chunk, { stream: true });
    if (isFirst && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      isFirst = false;
    }
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      line++;
      yield { line, text: stripCr(text.slice(start, end)) };
      start = end + 1;
    }
    carry = text.slice(start);
  }
  carry += decoder.decode();
  if (isFirst && carry.charCodeAt(0) === 0xfeff) carry = carry.slice(1);
  if (carry.length > 0) yield { line: line + 1, text: stripCr(carry) };
}

function stripCr(text: string): string {
  return text.endsWith("\r") ? text.slice(0, -1) : text;
}

/** A source over bytes already in memory (an HTTP body, a generated demo log). */
export function bytesSource(bytes: Uint8Array, chunkSize = 1 << 20): ByteSource {
  return async function* () {
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
  };
}
