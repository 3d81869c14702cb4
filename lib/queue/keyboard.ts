/**
 * The rating queue's keys: a number key answers a criterion (1–9, and 0 for a tenth
 * option): the criterion whose control has focus, else overall quality. It picks a level
 * or a label, and toggles a label of a multi-label criterion. Enter submits, S skips, U undoes
 * the last rating. Typing in a text field never triggers them (Ctrl/⌘ + Enter submits from
 * there; Enter also submits from a one-line field such as a numeric criterion's value); Enter
 * on a focused choice submits, and on any other button presses that button, as everywhere else.
 */
export type QueueCommand = { type: "option"; number: number } | { type: "submit" } | { type: "skip" } | { type: "undo" };

/**
 * What had focus when the key was pressed: a "choice" is a level button, a radio button, a
 * checkbox or a slider; a "field" a one-line input; "text" a textarea or anything editable.
 */
export type KeyTarget = "text" | "field" | "choice" | "button" | "other";

export type KeyPress = { key: string; target: KeyTarget; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; repeat?: boolean };

/** The option a number key stands for: 1…9, then 0 for the tenth. */
export function optionKey(number: number): string {
  return number === 10 ? "0" : String(number);
}

export function commandForKey({ key, target, ctrlKey, metaKey, altKey, repeat }: KeyPress): QueueCommand | null {
  if (repeat) return null; // a held key must not submit or skip twice
  if (target === "text") return key === "Enter" && (ctrlKey || metaKey) ? { type: "submit" } : null;
  if (target === "field") return key === "Enter" && !altKey ? { type: "submit" } : null;
  if (ctrlKey || metaKey || altKey) return null;
  if (/^[0-9]$/.test(key)) return { type: "option", number: key === "0" ? 10 : Number(key) };
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
    if (element.type === "radio" || element.type === "checkbox" || element.type === "range") return "choice";
    return element.type === "button" || element.type === "submit" ? "button" : "field";
  }
  if (tag === "button") return element.dataset?.level ? "choice" : "button";
  return "other";
}
