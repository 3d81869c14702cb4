// A progress bar on stderr for `concord import`, drawn only when stderr is a terminal: the
// bytes read of the file, once while validating and once while storing.
import type { ByteSource } from "@/lib/ingest/read-lines";

const WIDTH = 28;
const PHASES = ["validating", "storing"] as const;

export class ProgressBar {
  private lastDraw = 0;
  private isDrawn = false;

  constructor(
    private readonly label: string,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  get isEnabled(): boolean {
    return this.stream.isTTY === true;
  }

  /** Wraps a source so that each pass over it moves the bar; `total` is the file's size. */
  track(source: ByteSource, total: number): ByteSource {
    if (!this.isEnabled || total === 0) return source;
    const bar = this;
    let pass = 0;
    return async function* () {
      const phase = PHASES[Math.min(pass++, PHASES.length - 1)];
      let read = 0;
      for await (const chunk of source()) {
        read += chunk.length;
        bar.draw(phase, read / total);
        yield chunk;
      }
    };
  }

  draw(phase: string, fraction: number): void {
    const now = Date.now();
    if (now - this.lastDraw < 100 && fraction < 1) return;
    this.lastDraw = now;
    const filled = Math.round(Math.min(1, fraction) * WIDTH);
    const percent = String(Math.floor(Math.min(1, fraction) * 100)).padStart(3);
    this.stream.write(`\r[${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${percent}% ${phase} ${this.label}\x1b[K`);
    this.isDrawn = true;
  }

  clear(): void {
    if (this.isDrawn) this.stream.write("\r\x1b[K");
    this.isDrawn = false;
  }
}
