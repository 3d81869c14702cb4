// Texts interned by their UTF-8 bytes: bytes seen before get the same code and the same
// string, without decoding them again or building a string to look them up (a CSV column of a
// thousand group ids over a million rows decodes a thousand strings; a panel's million labels
// become codes of a few distinct ones).

const utf8 = new TextDecoder();
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the bytes, as a caller scanning them computes it: hash = (hash ^ byte) · prime, from the offset basis. */
export function byteHash(bytes: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let p = start; p < end; p++) hash = Math.imul(hash ^ bytes[p], FNV_PRIME);
  return hash;
}

/** One step of byteHash, for a caller hashing bytes as it scans them. */
export const FNV = { offset: FNV_OFFSET, prime: FNV_PRIME } as const;

export class ByteInterner {
  /** The string of each code, decoded as UTF-8 once. */
  readonly strings: string[] = [];
  private slots = new Int32Array(1 << 10); // code + 1; 0 is empty
  private hashes: number[] = [];
  private starts: number[] = [];
  private keys = new Uint8Array(1 << 14);
  private used = 0;

  /** Beyond `maxCodes` distinct texts, or for a text longer than `maxBytes`, intern answers −1. */
  constructor(private readonly limits: { maxCodes: number; maxBytes: number } = { maxCodes: Infinity, maxBytes: Infinity }) {}

  /**
   * The code of the text `bytes[start…end)`, whose 32-bit FNV-1a hash (byteHash) the caller
   * computed while scanning it; −1 beyond the limits.
   */
  intern(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const length = end - start;
    if (length > this.limits.maxBytes) return -1;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot];
      if (entry === 0) break;
      const code = entry - 1;
      if (this.hashes[code] === hash && this.isSame(code, bytes, start, length)) return code;
    }
    if (this.strings.length >= this.limits.maxCodes) return -1;
    return this.add(hash, bytes, start, end);
  }

  private isSame(code: number, bytes: Uint8Array, start: number, length: number): boolean {
    const from = this.starts[code];
    if (this.starts[code + 1] - from !== length) return false;
    for (let p = 0; p < length; p++) if (this.keys[from + p] !== bytes[start + p]) return false;
    return true;
  }

  private add(hash: number, bytes: Uint8Array, start: number, end: number): number {
    const code = this.strings.length;
    if (this.used + (end - start) > this.keys.length) {
      const bigger = new Uint8Array(2 * (this.keys.length + end - start));
      bigger.set(this.keys.subarray(0, this.used));
      this.keys = bigger;
    }
    if (code === 0) this.starts.push(0);
    const text = bytes.subarray(start, end);
    this.keys.set(text, this.used);
    this.used += end - start;
    this.starts.push(this.used);
    this.hashes.push(hash);
    this.strings.push(utf8.decode(text));
    if (2 * this.strings.length > this.slots.length) this.rehash();
    else this.place(code);
    return code;
  }

  private place(code: number): void {
    const mask = this.slots.length - 1;
    let slot = this.hashes[code] & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = code + 1;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let code = 0; code < this.strings.length; code++) this.place(code);
  }
}
