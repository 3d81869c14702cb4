import { readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

// Every page of the app an admin can open, for the walk-through's layout, screenshot and
// accessibility passes; pages that need an id are found by following the app's own links.

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
