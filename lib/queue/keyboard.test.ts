import { describe, expect, it } from "vitest";
import { commandForKey, keyTargetOf } from "./keyboard";

describe("the queue's keys", () => {
  it("maps 1–4 to the overall levels and ignores other digits", () => {
    expect(commandForKey({ key: "1", target: "other" })).toEqual({ type: "level", level: 1 });
    expect(commandForKey({ key: "4", target: "choice" })).toEqual({ type: "level", level: 4 });
    expect(commandForKey({ key: "5", target: "other" })).toBeNull();
    expect(commandForKey({ key: "0", target: "other" })).toBeNull();
  });

  it("submits on Enter, also from a level or radio button, but lets Enter press any other focused button", () => {
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

  it("ignores browser shortcuts and held keys", () => {
    expect(commandForKey({ key: "s", target: "other", ctrlKey: true })).toBeNull();
    expect(commandForKey({ key: "u", target: "other", metaKey: true })).toBeNull();
    expect(commandForKey({ key: "2", target: "other", altKey: true })).toBeNull();
    expect(commandForKey({ key: "Enter", target: "other", repeat: true })).toBeNull();
  });

  it("tells text fields, choices and other buttons apart", () => {
    expect(keyTargetOf({ tagName: "TEXTAREA" })).toBe("text");
    expect(keyTargetOf({ tagName: "INPUT", type: "text" })).toBe("text");
    expect(keyTargetOf({ tagName: "INPUT", type: "radio" })).toBe("choice");
    expect(keyTargetOf({ tagName: "INPUT", type: "submit" })).toBe("button");
    expect(keyTargetOf({ tagName: "BUTTON", dataset: { level: "3" } })).toBe("choice");
    expect(keyTargetOf({ tagName: "BUTTON", dataset: {} })).toBe("button");
    expect(keyTargetOf({ tagName: "DIV", isContentEditable: true })).toBe("text");
    expect(keyTargetOf({ tagName: "BODY" })).toBe("other");
    expect(keyTargetOf(null)).toBe("other");
  });
});
