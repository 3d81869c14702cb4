"use client";

import type { KeyboardEvent } from "react";
import type { Criterion } from "@/lib/rubric/rubric.schema";
import styles from "./queue.module.css";

const NEXT: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * The overall level: one button per level with its key (1–4) and its description. One tab
 * stop (the chosen level, else the first), arrow keys move the choice, as radio buttons do.
 */
export function LevelPicker({ criterion, value, onChange }: { criterion: Criterion; value: number | undefined; onChange: (level: number) => void }) {
  const count = criterion.levels.length;
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = NEXT[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (((value ?? (step > 0 ? 0 : 1)) - 1 + step + count) % count) + 1;
    onChange(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-level="${next}"]`)?.focus();
  }
  return (
    <div data-criterion={criterion.key}>
      <h2 id="level-picker-heading" className={styles.pickerHeading}>
        {criterion.name} <span className="muted">keys 1–{count}</span>
      </h2>
      <div role="radiogroup" aria-labelledby="level-picker-heading" className={styles.levels} onKeyDown={onKeyDown}>
        {criterion.levels.map((level, index) => (
          <button
            key={level.value}
            type="button"
            role="radio"
            aria-checked={value === level.value}
            tabIndex={value === level.value || (value === undefined && index === 0) ? 0 : -1}
            data-level={level.value}
            className={styles.level}
            onClick={() => onChange(level.value)}
          >
            <kbd className={styles.kbd}>{level.value}</kbd>
            <span className={styles.levelLabel}>{level.label}</span>
            <span className={styles.levelDescription}>{level.description}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
