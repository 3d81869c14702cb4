// Text cells interned by their bytes: a cell whose bytes were seen before gets the same code
// and the same string, without decoding it again or building a string to look it up (a
// column of a thousand group ids over a million rows decodes a thousand strings).

const MAX_CODES = 1 << 16;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the bytes, as a caller scanning them computes it: hash = (hash ^ byte) · prime, from the offset basis. */
export function byteHash(bytes: Buffer, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let p = start; p < end; p++) hash = Math.imul(hash ^ bytes[p], FNV_PRIME);
  return hash;
}
const MAX_BYTES = 256;

export class ByteInterner {
  /** The string of each code, decoded as UTF-8 once. */
  readonly strings: string[] = [];
  private slots = new Int32Array(1 << 10); // code + 1; 0 is empty
  private hashes: number[] = [];
  private starts: number[] = [];
  private keys = Buffer.allocUnsafe(1 << 14);
  private used = 0;

  /**
   * The code of the cell `bytes[start…end)`, whose 32-bit FNV-1a hash (byteHash) the caller
   * computed while scanning it; −1 once 2¹⁶ codes are taken, or for a long cell.
   */
  intern(bytes: Buffer, start: number, end: number, hash: number): number {
    const length = end - start;
    if (length > MAX_BYTES) return -1;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot];
      if (entry === 0) break;
      const code = entry - 1;
      if (this.hashes[code] === hash && this.isSame(code, bytes, start, length)) return code;
    }
    if (this.strings.length === MAX_CODES) return -1;
    return this.add(hash, bytes, start, end);
  }

  private isSame(code: number, bytes: Buffer, start: number, length: number): boolean {
    const from = this.starts[code];
    if (this.starts[code + 1] - from !== length) return false;
    for (let p = 0; p < length; p++) if (this.keys[from + p] !== bytes[start + p]) return false;
    return true;
  }

  private add(hash: number, bytes: Buffer, start: number, end: number): number {
    const code = this.strings.length;
    if (this.used + (end - start) > this.keys.length) {
      const bigger = Buffer.allocUnsafe(2 * (this.keys.length + end - start));
      this.keys.copy(bigger, 0, 0, this.used);
      this.keys = bigger;
    }
    if (code === 0) this.starts.push(0);
    bytes.copy(this.keys, this.used, start, end);
    this.used += end - start;
    this.starts.push(this.used);
    this.hashes.push(hash);
    this.strings.push(bytes.toString("utf8", start, end));
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
