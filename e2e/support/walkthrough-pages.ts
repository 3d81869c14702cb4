import { readdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page, Response } from "@playwright/test";
import { contentSecurityPolicy } from "../../lib/security/content-security-policy";

// Every page of the app an admin can open, and the checks that hold on each one (security
// headers under the CSP, axe-core, layout at a phone's width), for the walk over every page;
// pages that need an id are found by following the app's own links.

export const STATIC_PAGES = [
  "/sessions",
  "/agreement",
  "/queue",
  "/queue/manage",
  "/import",
  "/settings",
  "/settings/api-keys",
  "/settings/judges",
  "/settings/judges/rubric",
  "/settings/judges/runs",
  "/settings/judges/panels",
  "/settings/judges/calibrated",
  "/settings/judges/cascades",
  "/settings/rubric",
  "/settings/thresholds",
  "/settings/users",
  "/settings/verdict",
  "/account/password",
  "/no-such-page",
];

export const SIGNED_OUT_PAGES = ["/sign-in", "/invite/not-a-real-token"];

/**
 * Every page.tsx under app/ as its path ("/sessions/[id]"), route groups left out: the lists
 * above must name each one without a parameter (pages with one are reached through links).
 */
export function appPageRoutes(): string[] {
  const found: string[] = [];
  const walk = (dir: string, route: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), /^\(.*\)$/.test(entry.name) ? route : `${route}/${entry.name}`);
      else if (entry.name === "page.tsx") found.push(route || "/");
    }
  };
  walk(path.join(process.cwd(), "app"), "");
  return found.sort();
}

/** The static pages plus the first session's page and the first endpoint's edit page, when there are any. */
export async function allPages(page: Page): Promise<string[]> {
  const pages = [...STATIC_PAGES];
  await page.goto("/sessions");
  const session = await page.getByRole("table").locator('a[href^="/sessions/"]').first().getAttribute("href").catch(() => null);
  if (session) pages.splice(1, 0, session);
  await page.goto("/settings/judges");
  const endpoint = await page.locator('a[href^="/settings/judges/endpoints/"]').first().getAttribute("href", { timeout: 1_000 }).catch(() => null);
  if (endpoint) pages.push(endpoint);
  return pages;
}

/** A file name for a page's screenshot: "/settings/judges" → "settings-judges". */
export function pageSlug(path: string): string {
  return path.replace(/^\//, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "home";
}

/**
 * Elements that stick out of the viewport sideways, unless a box that scrolls or clips them
 * (a table's own scroll box) fits inside it: what makes a phone page scroll sideways.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const isHidden = (element: Element) => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.visibility === "hidden" || node.classList.contains("skip-link")) return true;
      }
      return false;
    };
    const isContained = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        // Clipped by any scrolling or clipping box that itself fits the screen (a bar's
        // clipped fill inside a table that scrolls in its own box is contained by the table's).
        if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(node).overflowX)) {
          const box = node.getBoundingClientRect();
          if (box.left >= -1 && box.right <= width + 1) return true;
        }
      }
      return false;
    };
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || (box.left >= -1 && box.right <= width + 1)) continue;
      if (isHidden(element) || isContained(element)) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.classList.length ? `.${[...element.classList].join(".")}` : ""}`;
      found.push(`${name} (${Math.round(box.left)}–${Math.round(box.right)} px): ${(element.textContent ?? "").trim().slice(0, 40)}`);
    }
    if (document.documentElement.scrollWidth > width + 1) found.unshift(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);
    return found.slice(0, 15);
  });
}

/** Collects the page's CSP violations in window.cspViolations, from DevTools (the page's CSP does not apply to it). */
export async function watchCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

/**
 * What is wrong with a page's protection, once its network is idle: the nonce-based
 * Content-Security-Policy, frame protection, Referrer-Policy and nosniff on the response;
 * this response's nonce on every script the server sent (those Next.js adds later are
 * allowed by 'strict-dynamic', being loaded by a nonced one); no CSP violation in the browser
 * (watchCspViolations must run first); React hydrated.
 */
export async function protectionProblems(page: Page, response: Response | null, path: string): Promise<string[]> {
  if (!response) return [`${path}: no response`];
  const problems: string[] = [];
  const headers = response.headers();
  const policy = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce || !/^[A-Za-z0-9+/]{22}==$/.test(nonce)) problems.push(`${path}: no 22-character nonce in the CSP (${policy || "no CSP"})`);
  else if (policy !== contentSecurityPolicy({ nonce })) problems.push(`${path}: the CSP is ${policy}, not ${contentSecurityPolicy({ nonce })}`);
  const fixed = [headers["x-frame-options"], headers["x-content-type-options"], headers["referrer-policy"]];
  if (fixed.join() !== "DENY,nosniff,same-origin") problems.push(`${path}: X-Frame-Options, X-Content-Type-Options, Referrer-Policy are ${fixed.join(", ")}, expected DENY, nosniff, same-origin`);

  const scriptTags = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
  if (scriptTags.length === 0) problems.push(`${path}: no script in the page`);
  for (const tag of scriptTags.filter((tag) => !tag.includes(` nonce="${nonce}"`))) problems.push(`${path}: a script without this response's nonce: ${tag}`);

  await page.waitForLoadState("networkidle");
  const state = await page.evaluate(() => ({
    isHydrated: Object.keys(document).some((key) => key.startsWith("__reactContainer$")),
    violations: (window as unknown as { cspViolations: string[] }).cspViolations,
  }));
  for (const violation of state.violations) problems.push(`${path}: CSP violation ${violation}`);
  if (!state.isHydrated) problems.push(`${path}: React did not hydrate`);
  return problems;
}

/** The page's serious and critical axe-core violations of the WCAG 2 A and AA rules, as it is now. */
export async function seriousAxeViolations(page: Page, path: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${path}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join("; ")}`);
}
