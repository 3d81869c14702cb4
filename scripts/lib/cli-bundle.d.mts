export const ROOT: string;
/** The URL of the built main module when the build is current, else null. */
export function currentBundle(): string | null;
/** Builds the command line and returns the URL of its main module. */
export function buildBundle(): Promise<string>;
