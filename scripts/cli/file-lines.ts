// Streams a file's lines as byte ranges of a reused buffer: no string and no object per line
// unless the caller makes one. UTF-8 never puts a byte below 0x80 inside a multi-byte
// character, so splitting on "\n" (and on ASCII delimiters) is safe on the raw bytes.
import { closeSync, openSync, readSync } from "node:fs";

const CHUNK = 1 << 20;

/** `end` excludes the "\n"; `terminated` says whether one followed (false only at end of file). */
export type LineVisitor = (bytes: Buffer, start: number, end: number, line: number, terminated: boolean) => void;

/** Calls `visit` for every line (1-based numbers), skipping only a last empty line after a final "\n". */
export function forEachLine(path: string, visit: LineVisitor): void {
  const fd = openSync(path, "r");
  try {
    let buffer = Buffer.allocUnsafe(CHUNK);
    let filled = 0;
    let line = 0;
    let isFirst = true;
    for (;;) {
      if (filled === buffer.length) {
        // One line longer than the buffer: grow it.
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, filled);
        buffer = bigger;
      }
      const read = readSync(fd, buffer, filled, buffer.length - filled, null);
      const end = filled + read;
      let start = 0;
      if (isFirst && end >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) start = 3;
      if (isFirst && (end >= 3 || read === 0)) isFirst = false;
      if (isFirst) {
        filled = end;
        continue;
      }
      let newline = buffer.indexOf(10, start);
      while (newline !== -1 && newline < end) {
        visit(buffer, start, newline, ++line, true);
        start = newline + 1;
        newline = buffer.indexOf(10, start);
      }
      if (read === 0) {
        if (start < end) visit(buffer, start, end, ++line, false);
        return;
      }
      buffer.copy(buffer, 0, start, end);
      filled = end - start;
    }
  } finally {
    closeSync(fd);
  }
}

/** The first bytes of a file as text (to guess its format from its first character). */
export function readPrefix(path: string, size = 1 << 16): string {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(size);
    return buffer.toString("utf8", 0, readSync(fd, buffer, 0, size, 0));
  } finally {
    closeSync(fd);
  }
}
