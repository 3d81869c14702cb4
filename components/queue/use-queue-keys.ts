"use client";

import { useEffect, useRef } from "react";
import { commandForKey, keyTargetOf } from "@/lib/queue/keyboard";

type Handlers = {
  /** Number key n, for the criterion whose control holds focus (null: none does). */
  onOption: (criterionKey: string | null, number: number) => void;
  onCommand: (command: "submit" | "skip" | "undo") => void;
};

/** The queue's keys (lib/queue/keyboard.ts) on the window, while the item is shown. */
export function useQueueKeys(isPending: boolean, handlers: Handlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const command = commandForKey({ key: event.key, target: keyTargetOf(target), ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, repeat: event.repeat });
      if (!command) return;
      event.preventDefault();
      if (isPending) return;
      if (command.type === "option") {
        const group = target?.closest<HTMLElement>("[data-criterion]");
        latest.current.onOption(group?.dataset.criterion ?? null, command.number);
      } else {
        latest.current.onCommand(command.type);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [isPending]);
}
