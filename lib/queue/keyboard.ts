/**
 * The rating queue's keys: 1–4 pick the overall level, Enter submits, S skips, U undoes the
 * last rating. Typing in a text field never triggers them (Ctrl/⌘ + Enter submits from
 * there); Enter on a focused level or radio button submits, and on any other button presses
 * that button, as everywhere else.
 */
export type QueueCommand = { type: "level"; level: number } | { type: "submit" } | { type: "skip" } | { type: "undo" };

/** What had focus when the key was pressed: a "choice" is a level button or a radio button. */
export type KeyTarget = "text" | "choice" | "button" | "other";

export type KeyPress = { key: string; target: KeyTarget; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; repeat?: boolean };

export const LEVEL_KEYS = 4;

export function commandForKey({ key, target, ctrlKey, metaKey, altKey, repeat }: KeyPress): QueueCommand | null {
  if (repeat) return null; // a held key must not submit or skip twice
  if (target === "text") return key === "Enter" && (ctrlKey || metaKey) ? { type: "submit" } : null;
  if (ctrlKey || metaKey || altKey) return null;
  if (/^[1-9]$/.test(key) && Number(key) <= LEVEL_KEYS) return { type: "level", level: Number(key) };
  if (key === "Enter") return target === "button" ? null : { type: "submit" };
  if (key === "s" || key === "S") return { type: "skip" };
  if (key === "u" || key === "U") return { type: "undo" };
  return null;
}

/** Classifies a focused element without depending on the DOM types here. */
export function keyTargetOf(element: { tagName?: string; isContentEditable?: boolean; dataset?: Record<string, string | undefined>; type?: string } | null): KeyTarget {
  if (!element?.tagName) return "other";
  const tag = element.tagName.toLowerCase();
  if (element.isContentEditable || tag === "textarea" || tag === "select") return "text";
  if (tag === "input") {
    if (element.type === "radio" || element.type === "checkbox") return "choice";
    return element.type === "button" || element.type === "submit" ? "button" : "text";
  }
  if (tag === "button") return element.dataset?.level ? "choice" : "button";
  return "other";
}
