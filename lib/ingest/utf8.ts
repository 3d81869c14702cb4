// Strict UTF-8: a byte sequence that is not UTF-8 is refused with its place, never decoded
// to U+FFFD behind the user's back (the stored text would silently differ from the file).

const fatalDecoder = new TextDecoder("utf-8", { fatal: true });
const NEWLINE = 0x0a;

/**
 * Index of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629:
 * no overlongs, no surrogates, nothing above U+10FFFF), or -1 when every byte does.
 */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let size: number;
    let min = 0x80;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) size = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      size = 3;
      if (b === 0xe0) min = 0xa0; // overlong
      if (b === 0xed) max = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      size = 4;
      if (b === 0xf0) min = 0x90; // overlong
      if (b === 0xf4) max = 0x8f; // above U+10FFFF
    } else return i;
    for (let k = 1; k < size; k++) {
      const next = bytes[i + k];
      const low = k === 1 ? min : 0x80;
      const high = k === 1 ? max : 0xbf;
      if (next === undefined || next < low || next > high) return i;
    }
    i += size;
  }
  return -1;
}

/** Decodes one line's bytes, or says where its first invalid byte is. */
export function decodeUtf8Line(bytes: Uint8Array): { text: string } | { problem: string } {
  try {
    return { text: fatalDecoder.decode(bytes) };
  } catch {
    return { problem: invalidUtf8Message(bytes, firstInvalidUtf8Byte(bytes)) };
  }
}

/**
 * A whole document (a JSON body, a CSV file) as text, or the line and place of its first
 * invalid byte.
 */
export function decodeUtf8Document(bytes: Uint8Array): { text: string } | { line: number; problem: string } {
  try {
    return { text: fatalDecoder.decode(bytes) };
  } catch {
    const at = firstInvalidUtf8Byte(bytes);
    let line = 1;
    let lineStart = 0;
    for (let i = bytes.indexOf(NEWLINE); i !== -1 && i < at; i = bytes.indexOf(NEWLINE, i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return { line, problem: invalidUtf8Message(bytes.subarray(lineStart), at - lineStart) };
  }
}

function invalidUtf8Message(bytes: Uint8Array, at: number): string {
  const byte = bytes[at] ?? 0;
  return `not valid UTF-8: byte 0x${byte.toString(16).padStart(2, "0")} at byte ${at + 1} of the line (save the file as UTF-8)`;
}
