export const ROOT: string;
/** Size and whole milliseconds of mtime of a file named relative to the project root. */
export function fingerprint(file: string): string;
/** The URL of the built main module when the build named by the manifest is current, else null. */
export function currentBundle(manifestFile?: string, fingerprintOf?: (file: string) => string): string | null;
/** The manifest file a build wrote beside its output. */
export function manifestOf(bundleUrl: string): string;
/** Builds the command line and returns the URL of its main module. */
export function buildBundle(): Promise<string>;
