"use client";

import { useEffect, useRef, useState } from "react";
import { answerForOption, initialAnswer } from "@/lib/queue/option-keys";
import { checkRatingValues, type RatingValue, type RatingValues } from "@/lib/rubric/rating-values";
import { criteriaForPersona, OVERALL_CRITERION, type Criterion } from "@/lib/rubric/rubric.schema";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { CriterionControl } from "./criterion-control";
import { LevelPicker } from "./level-picker";
import { QueueItemPanel } from "./queue-item-panel";
import type { QueueState } from "./rating-queue";
import { RubricGuide } from "./rubric-guide";
import styles from "./queue.module.css";
import { useCountdown } from "./use-countdown";
import { useQueueKeys } from "./use-queue-keys";

type Props = { state: QueueState; isPending: boolean; dispatch: (formData: FormData) => void };

function startingValues(criteria: Criterion[], prefill: RatingValues | undefined): RatingValues {
  const values: RatingValues = {};
  for (const criterion of criteria) {
    const value = prefill?.[criterion.key] ?? initialAnswer(criterion);
    if (value !== undefined) values[criterion.key] = value;
  }
  return values;
}

/** One item: the response and its context, the rubric, a control per criterion and the keys. */
export function RatingWorkspace({ state, isPending, dispatch }: Props) {
  const { view } = state;
  const { item, rubric } = view;
  const criteria = item ? criteriaForPersona(rubric.content, item.personaId) : [];
  const [overall, ...others] = criteria;
  const [values, setValues] = useState<RatingValues>(() => startingValues(criteria, view.prefill?.values));
  const [rationale, setRationale] = useState(view.prefill?.rationale ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const undoSeconds = useCountdown(view.undo?.secondsLeft ?? 0);
  const formRef = useRef<HTMLFormElement>(null);
  const buttons = useRef<Record<"submit" | "skip" | "undo", HTMLButtonElement | null>>({ submit: null, skip: null, undo: null });
  const shownAt = useRef(0);

  useEffect(() => {
    shownAt.current = performance.now(); // time spent is measured from here to the submit
    // Keys and Tab start at the overall level, so Tab then walks the criteria in order.
    const start = formRef.current?.querySelector<HTMLElement>(`[data-criterion="${OVERALL_CRITERION}"] [tabindex="0"]`);
    if (!document.activeElement || document.activeElement === document.body) start?.focus({ preventScroll: true });
  }, []);

  function setValue(key: string, value: RatingValue | undefined) {
    setValues((current) => {
      const { [key]: _old, ...rest } = current;
      return value === undefined ? rest : { ...rest, [key]: value };
    });
  }

  useQueueKeys(isPending, {
    onOption(criterionKey, number) {
      const criterion = criteria.find((c) => c.key === (criterionKey ?? OVERALL_CRITERION));
      if (!criterion) return;
      const next = answerForOption(criterion, values[criterion.key], number);
      if (next !== null) setValue(criterion.key, next);
    },
    onCommand(command) {
      const button = buttons.current[command];
      if (button && !button.disabled) formRef.current?.requestSubmit(button);
    },
  });

  function act(formData: FormData) {
    if (formData.get("intent") === "submit" && item) {
      const problems = checkRatingValues(rubric.content, item.personaId, values);
      if (Object.keys(problems).length > 0) {
        setProblem(problems[OVERALL_CRITERION] ? `Pick a level first: keys 1–${overall.levels.length}, or click one.` : Object.values(problems)[0]);
        return;
      }
      formData.set("values", JSON.stringify(values));
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
            <LevelPicker criterion={overall} value={values[overall.key] as number | undefined} onChange={(level) => setValue(overall.key, level)} />
            <RubricGuide criterion={overall} selected={values[overall.key] as number | undefined} />
            {others.length > 0 ? <p className="field-hint key-hint">Tab to each criterion below; its number keys then answer it.</p> : null}
            {others.map((criterion) => (
              <CriterionControl key={criterion.key} criterion={criterion} value={values[criterion.key]} onChange={(value) => setValue(criterion.key, value)} />
            ))}
            <div className="field">
              <label htmlFor="queue-rationale">{rubric.content.rationale.label}</label>
              <textarea id="queue-rationale" name="rationale" rows={2} maxLength={2000} value={rationale} onChange={(event) => setRationale(event.target.value)} className={styles.rationale} />
              <p className="field-hint">
                {rubric.content.rationale.hint} <span className="key-hint">Ctrl + Enter submits from here.</span>
              </p>
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
