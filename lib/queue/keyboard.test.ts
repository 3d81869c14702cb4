import { describe, expect, it } from "vitest";
import { commandForKey, keyTargetOf, optionKey } from "./keyboard";

describe("the queue's keys", () => {
  it("maps 1–9 to the options of a criterion, and 0 to the tenth", () => {
    expect(commandForKey({ key: "1", target: "other" })).toEqual({ type: "option", number: 1 });
    expect(commandForKey({ key: "4", target: "choice" })).toEqual({ type: "option", number: 4 });
    expect(commandForKey({ key: "9", target: "choice" })).toEqual({ type: "option", number: 9 });
    expect(commandForKey({ key: "0", target: "other" })).toEqual({ type: "option", number: 10 });
    expect([1, 9, 10].map(optionKey)).toEqual(["1", "9", "0"]);
  });

  it("submits on Enter, also from a level, radio button, checkbox or slider, but lets Enter press any other focused button", () => {
    expect(commandForKey({ key: "Enter", target: "other" })).toEqual({ type: "submit" });
    expect(commandForKey({ key: "Enter", target: "choice" })).toEqual({ type: "submit" });
    expect(commandForKey({ key: "Enter", target: "button" })).toBeNull();
  });

  it("skips on S and undoes on U, in either case", () => {
    expect(commandForKey({ key: "s", target: "other" })).toEqual({ type: "skip" });
    expect(commandForKey({ key: "S", target: "other" })).toEqual({ type: "skip" });
    expect(commandForKey({ key: "u", target: "button" })).toEqual({ type: "undo" });
  });

  it("leaves typing alone: only Ctrl or ⌘ + Enter submits from a text field", () => {
    expect(commandForKey({ key: "s", target: "text" })).toBeNull();
    expect(commandForKey({ key: "2", target: "text" })).toBeNull();
    expect(commandForKey({ key: "Enter", target: "text" })).toBeNull();
    expect(commandForKey({ key: "Enter", target: "text", ctrlKey: true })).toEqual({ type: "submit" });
    expect(commandForKey({ key: "Enter", target: "text", metaKey: true })).toEqual({ type: "submit" });
  });

  it("lets a number be typed in a one-line field, where Enter submits", () => {
    expect(commandForKey({ key: "7", target: "field" })).toBeNull();
    expect(commandForKey({ key: "s", target: "field" })).toBeNull();
    expect(commandForKey({ key: "Enter", target: "field" })).toEqual({ type: "submit" });
  });

  it("ignores browser shortcuts and held keys", () => {
    expect(commandForKey({ key: "s", target: "other", ctrlKey: true })).toBeNull();
    expect(commandForKey({ key: "u", target: "other", metaKey: true })).toBeNull();
    expect(commandForKey({ key: "2", target: "other", altKey: true })).toBeNull();
    expect(commandForKey({ key: "Enter", target: "other", repeat: true })).toBeNull();
  });

  it("tells text fields, one-line fields, choices and other buttons apart", () => {
    expect(keyTargetOf({ tagName: "TEXTAREA" })).toBe("text");
    expect(keyTargetOf({ tagName: "INPUT", type: "text" })).toBe("field");
    expect(keyTargetOf({ tagName: "INPUT", type: "number" })).toBe("field");
    expect(keyTargetOf({ tagName: "INPUT", type: "radio" })).toBe("choice");
    expect(keyTargetOf({ tagName: "INPUT", type: "checkbox" })).toBe("choice");
    expect(keyTargetOf({ tagName: "INPUT", type: "range" })).toBe("choice");
    expect(keyTargetOf({ tagName: "INPUT", type: "submit" })).toBe("button");
    expect(keyTargetOf({ tagName: "BUTTON", dataset: { level: "3" } })).toBe("choice");
    expect(keyTargetOf({ tagName: "BUTTON", dataset: {} })).toBe("button");
    expect(keyTargetOf({ tagName: "DIV", isContentEditable: true })).toBe("text");
    expect(keyTargetOf({ tagName: "BODY" })).toBe("other");
    expect(keyTargetOf(null)).toBe("other");
  });
});
