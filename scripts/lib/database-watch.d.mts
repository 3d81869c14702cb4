import type { IncomingMessage, ServerResponse } from "node:http";
export type DatabaseState = { isDown: boolean; failures: number };
export const RETRY_AFTER_SECONDS: number;
export function databaseState(): DatabaseState;
export function probeDatabase(url: string, timeoutMs?: number): Promise<boolean>;
export function createDatabaseWatch(options: { url: string; log: (line: string) => void }): {
  state: DatabaseState;
  admits(): Promise<boolean>;
  isReachable(timeoutMs: number): Promise<boolean>;
  stop(): void;
};
export function unavailableResponse(url: string): { headers: Record<string, string>; body: string };
export function bypassesGate(url: string): boolean;
export function replaceFailedAnswer(req: IncomingMessage, res: ServerResponse, state: DatabaseState): void;
