import "server-only";

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");

/**
 * Reads PostgreSQL's binary COPY format (a 19-byte header and its extension, then per row a
 * 16-bit field count and each field as a 32-bit length and its bytes, −1 for null; a count
 * of −1 ends it) from the chunks a COPY … TO STDOUT stream gives, as they come. Each field
 * is copied once, straight into a buffer of its own whose length is padded to a multiple of
 * 4 bytes (so it can be read as 32-bit words): no concatenation of the whole stream first.
 */
export class BinaryCopyReader {
  readonly rows: (Uint8Array | null)[][] = [];
  private chunks: Buffer[] = [];
  /** Bytes of chunks[0] already consumed. */
  private offset = 0;
  private available = 0;
  private stage: "header" | "extension" | "count" | "length" | "field" | "done" = "header";
  private skip = 0;
  private fieldsLeft = 0;
  private row: (Uint8Array | null)[] = [];
  private field: Uint8Array | null = null;
  private fieldLength = 0;
  private fieldAt = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.available += chunk.length;
    this.drain();
  }

  /** The rows, once the stream has ended; throws if it stopped short. */
  finish(): (Uint8Array | null)[][] {
    if (this.stage !== "done") throw new Error(`the binary COPY stream ended early (while reading the ${this.stage})`);
    return this.rows;
  }

  private drain(): void {
    for (;;) {
      switch (this.stage) {
        case "header": {
          if (this.available < 19) return;
          const header = this.take(19);
          if (!header.subarray(0, 11).equals(SIGNATURE)) throw new Error("not a binary COPY stream");
          this.skip = header.readInt32BE(15);
          this.stage = "extension";
          break;
        }
        case "extension": {
          const n = Math.min(this.skip, this.available);
          this.copyTo(null, 0, n);
          this.skip -= n;
          if (this.skip > 0) return;
          this.stage = "count";
          break;
        }
        case "count": {
          if (this.available < 2) return;
          const count = this.take(2).readInt16BE(0);
          if (count === -1) {
            this.stage = "done";
            return;
          }
          this.fieldsLeft = count;
          this.row = [];
          this.stage = count === 0 ? "count" : "length";
          if (count === 0) this.rows.push(this.row);
          break;
        }
        case "length": {
          if (this.available < 4) return;
          const length = this.take(4).readInt32BE(0);
          if (length < 0) this.endField(null);
          else {
            this.field = new Uint8Array(length + ((4 - (length % 4)) % 4));
            this.fieldLength = length;
            this.fieldAt = 0;
            this.stage = "field";
          }
          break;
        }
        case "field": {
          const n = Math.min(this.fieldLength - this.fieldAt, this.available);
          this.copyTo(this.field, this.fieldAt, n);
          this.fieldAt += n;
          if (this.fieldAt < this.fieldLength) return;
          this.endField(this.field!.subarray(0, this.fieldLength));
          break;
        }
        case "done":
          return;
      }
    }
  }

  private endField(value: Uint8Array | null): void {
    this.row.push(value);
    this.field = null;
    if (--this.fieldsLeft > 0) this.stage = "length";
    else {
      this.rows.push(this.row);
      this.stage = "count";
    }
  }

  /** The next n bytes, as a small buffer of their own. */
  private take(n: number): Buffer {
    const out = Buffer.allocUnsafe(n);
    this.copyTo(out, 0, n);
    return out;
  }

  /** Moves n available bytes into target at `at` (or drops them when target is null). */
  private copyTo(target: Uint8Array | null, at: number, n: number): void {
    this.available -= n;
    while (n > 0) {
      const chunk = this.chunks[0];
      const m = Math.min(n, chunk.length - this.offset);
      if (target) target.set(chunk.subarray(this.offset, this.offset + m), at);
      at += m;
      n -= m;
      this.offset += m;
      if (this.offset === chunk.length) {
        this.chunks.shift();
        this.offset = 0;
      }
    }
  }
}
