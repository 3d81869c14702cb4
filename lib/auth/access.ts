/**
 * Who may do what: the one table every page, route handler and server action consults
 * (through lib/server/auth/guards.ts). Raters see only the queue, so that nothing the
 * judge said can reach them before they rate; viewers read; admins do everything.
 */
export const ROLES = ["admin", "rater", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const API_KEY_SCOPES = ["ingest", "read", "score"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const ACCESS = {
  /** Sessions, agreement report and other read-only dashboards. */
  readDashboards: ["admin", "viewer"],
  /** The rating queue. */
  rate: ["admin", "rater"],
  /** Import, thresholds, users, API keys. */
  administer: ["admin"],
  /** Any signed-in user (own account, sign-out). */
  signedIn: ["admin", "rater", "viewer"],
} as const satisfies Record<string, readonly Role[]>;

export type AccessName = keyof typeof ACCESS;

/** Pages and who may open them, longest prefix first wins. */
export const PAGE_ACCESS: ReadonlyArray<{ prefix: string; roles: readonly Role[] }> = [
  { prefix: "/sessions", roles: ACCESS.readDashboards },
  { prefix: "/agreement", roles: ACCESS.readDashboards },
  { prefix: "/queue", roles: ACCESS.rate },
  { prefix: "/import", roles: ACCESS.administer },
  { prefix: "/settings", roles: ACCESS.administer },
  { prefix: "/account", roles: ACCESS.signedIn },
];

export function isAllowed(role: Role, roles: readonly Role[]): boolean {
  return roles.includes(role);
}

/** Where a user lands after signing in, or when opening "/". */
export function homePath(role: Role): string {
  return role === "rater" ? "/queue" : "/sessions";
}

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", rater: "Rater", viewer: "Viewer" };
