// The lines of `concord score`'s stdin, exactly as node:readline (crlfDelay: Infinity) gives
// them, but a chunk at a time: a line ends at "\r\n", "\n" or "\r"; invalid UTF-8 becomes
// U+FFFD; bytes of an unfinished character at the very end are dropped, as readline drops
// them. A line break byte is never inside a UTF-8 sequence, so each line is decoded on its own
// from the bytes between breaks: an ASCII line becomes a compact one-byte string (decoding a
// whole chunk makes every line of it two-byte as soon as one character is not Latin-1).
import { readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";

const LF = 0x0a;
const CR = 0x0d;
const ANY_BREAK = /\r\n|\n|\r/;

/** Bytes read from stdin at a time by stdinChunks. */
const READ_SIZE = 1 << 18;

/**
 * The process's stdin, read with blocking reads of up to 256 KiB: a file or pipe comes in far
 * fewer, larger chunks than through process.stdin, and the command has nothing else to do
 * meanwhile. A stdin that cannot block (EAGAIN) is read on through process.stdin.
 */
export async function* stdinChunks(): AsyncGenerator<Buffer> {
  for (;;) {
    const chunk = Buffer.allocUnsafe(READ_SIZE);
    let size: number;
    try {
      size = readSync(0, chunk, 0, READ_SIZE, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      yield* process.stdin;
      return;
    }
    if (size === 0) return;
    yield chunk.subarray(0, size);
  }
}

/** Batches of whole lines, in order; the concatenation of the batches is the lines of `stream`. */
export async function* readLineBatches(stream: AsyncIterable<Buffer | string>): AsyncGenerator<string[]> {
  let carry: Buffer | undefined;
  // The text before ended with "\r": a "\n" starting the next text belongs to that break.
  let afterCr = false;
  for await (const chunk of stream) {
    const bytes: Buffer = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    const buffer = carry === undefined ? bytes : Buffer.concat([carry, bytes]);
    const end = Math.max(buffer.lastIndexOf(LF), buffer.lastIndexOf(CR)) + 1;
    if (end === 0) {
      carry = buffer;
      continue;
    }
    carry = end < buffer.length ? buffer.subarray(end) : undefined;
    if (buffer.indexOf(CR) < 0) {
      yield splitLfLines(buffer, afterCr && buffer[0] === LF ? 1 : 0, end);
      afterCr = false;
      continue;
    }
    let text = buffer.toString("utf8", 0, end);
    if (afterCr && text.charCodeAt(0) === LF) text = text.slice(1);
    afterCr = text.charCodeAt(text.length - 1) === CR;
    if (text.length > 0) yield splitLines(text);
  }
  if (carry !== undefined) {
    // What readline keeps of an unbroken last line: the characters its decoder has completed.
    const last = new StringDecoder("utf8").write(carry);
    if (last.length > 0) yield [last];
  }
}

/** The lines of `text`, which ends with a line break. */
function splitLines(text: string): string[] {
  const lines = text.split(ANY_BREAK);
  lines.pop();
  return lines;
}

/** The lines of bytes[start…end), which holds no "\r" and ends with "\n", each decoded on its own. */
function splitLfLines(bytes: Buffer, start: number, end: number): string[] {
  const lines: string[] = [];
  for (let from = start; from < end; ) {
    const to = bytes.indexOf(LF, from);
    lines.push(bytes.toString("utf8", from, to));
    from = to + 1;
  }
  return lines;
}
