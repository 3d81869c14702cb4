"use client";

import { useEffect, useRef, useState } from "react";
import { commandForKey, keyTargetOf } from "@/lib/queue/keyboard";
import { checkRatingLevels, criteriaForPersona, OVERALL_CRITERION, type CriterionLevels } from "@/lib/rubric/rubric.schema";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { CriterionChoice } from "./criterion-choice";
import { LevelPicker } from "./level-picker";
import { QueueItemPanel } from "./queue-item-panel";
import type { QueueState } from "./rating-queue";
import { RubricGuide } from "./rubric-guide";
import styles from "./queue.module.css";
import { useCountdown } from "./use-countdown";

type Props = { state: QueueState; isPending: boolean; dispatch: (formData: FormData) => void };

/** One item: the response and its context, the rubric, the level buttons and the keys. */
export function RatingWorkspace({ state, isPending, dispatch }: Props) {
  const { view } = state;
  const { item, rubric } = view;
  const criteria = item ? criteriaForPersona(rubric.content, item.personaId) : [];
  const [overall, ...others] = criteria;
  const [levels, setLevels] = useState<CriterionLevels>(view.prefill?.levels ?? {});
  const [rationale, setRationale] = useState(view.prefill?.rationale ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const undoSeconds = useCountdown(view.undo?.secondsLeft ?? 0);
  const formRef = useRef<HTMLFormElement>(null);
  const buttons = useRef<Record<"submit" | "skip" | "undo", HTMLButtonElement | null>>({ submit: null, skip: null, undo: null });
  const shownAt = useRef(0);

  useEffect(() => {
    shownAt.current = performance.now(); // time spent is measured from here to the submit
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const command = commandForKey({
        key: event.key,
        target: keyTargetOf(event.target as HTMLElement | null),
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
      });
      if (!command) return;
      event.preventDefault();
      if (isPending) return;
      if (command.type === "level") {
        if (overall && command.level <= overall.levels.length) setLevels((current) => ({ ...current, [OVERALL_CRITERION]: command.level }));
        return;
      }
      const button = buttons.current[command.type];
      if (button && !button.disabled) formRef.current?.requestSubmit(button);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [isPending, overall]);

  function act(formData: FormData) {
    if (formData.get("intent") === "submit" && item) {
      const problems = checkRatingLevels(rubric.content, item.personaId, levels);
      if (Object.keys(problems).length > 0) {
        setProblem(problems[OVERALL_CRITERION] ? "Pick a level first: keys 1–4, or click one." : Object.values(problems)[0]);
        return;
      }
      formData.set("levels", JSON.stringify(levels));
      formData.set("timeSpentMs", String(Math.round(performance.now() - shownAt.current)));
    }
    setProblem(null);
    dispatch(formData);
  }

  const canUndo = view.undo !== null && undoSeconds > 0;
  const message = problem ?? state.error;
  return (
    <form ref={formRef} action={act} className={styles.workspace} aria-label="Rate this response" aria-busy={isPending || undefined}>
      <div className={styles.status} role="status" aria-live="polite">
        {view.notice && !message ? <span>{view.notice}</span> : null}
      </div>
      {message ? <Alert tone="error">{message}</Alert> : null}
      {item && overall ? (
        <div className={styles.grid}>
          <QueueItemPanel item={item} />
          <section className={styles.ratingPanel} aria-label="Your rating">
            <input type="hidden" name="turnId" value={item.turnId} />
            <input type="hidden" name="rubricVersionId" value={rubric.versionId} />
            <LevelPicker criterion={overall} value={levels[overall.key]} onChange={(level) => setLevels({ ...levels, [overall.key]: level })} />
            <RubricGuide criterion={overall} selected={levels[overall.key]} />
            {others.map((criterion) => (
              <CriterionChoice
                key={criterion.key}
                criterion={criterion}
                value={levels[criterion.key]}
                onChange={(level) => setLevels({ ...levels, [criterion.key]: level })}
              />
            ))}
            <div className="field">
              <label htmlFor="queue-rationale">{rubric.content.rationale.label}</label>
              <textarea id="queue-rationale" name="rationale" rows={2} maxLength={2000} value={rationale} onChange={(event) => setRationale(event.target.value)} className={styles.rationale} />
              <p className="field-hint">{rubric.content.rationale.hint} Ctrl + Enter submits from here.</p>
            </div>
            <div className={styles.actions}>
              <button ref={(node) => void (buttons.current.submit = node)} type="submit" name="intent" value="submit" className="button" disabled={isPending}>
                Submit <kbd className={styles.kbd}>Enter</kbd>
              </button>
              <button ref={(node) => void (buttons.current.skip = node)} type="submit" name="intent" value="skip" className="button button-secondary" disabled={isPending}>
                Skip <kbd className={styles.kbd}>S</kbd>
              </button>
              <UndoButton canUndo={canUndo} seconds={undoSeconds} isPending={isPending} buttonRef={(node) => void (buttons.current.undo = node)} />
            </div>
          </section>
        </div>
      ) : (
        <EmptyState title="Nothing to rate right now" action={<UndoButton canUndo={canUndo} seconds={undoSeconds} isPending={isPending} buttonRef={(node) => void (buttons.current.undo = node)} />}>
          <p>You have rated or skipped every item the queue has for you. New turns appear here when they are imported, or when other raters leave items.</p>
        </EmptyState>
      )}
    </form>
  );
}

function UndoButton({ canUndo, seconds, isPending, buttonRef }: { canUndo: boolean; seconds: number; isPending: boolean; buttonRef: (node: HTMLButtonElement | null) => void }) {
  if (!canUndo) return null;
  return (
    <button ref={buttonRef} type="submit" name="intent" value="undo" className="button button-secondary" disabled={isPending} title="Take back your last rating and change it">
      Undo <kbd className={styles.kbd}>U</kbd> <span className={styles.countdown}>{seconds} s</span>
    </button>
  );
}
