export type EmbeddedDatabase = { url: string; port: number; pid: number | undefined; stop(): Promise<void> };
export function isProcessAlive(pid: number): boolean;
export function isPortInUse(port: number): Promise<boolean>;
export function startEmbeddedPostgres(options: {
  baseDir: string;
  port?: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase>;
/** The memory and WAL flags the server starts with (`-c name=value` pairs). */
export function serverSettings(memoryBytes?: number): string[];
