"use client";

import { useActionState, useMemo, useState } from "react";
import { saveThresholdsAction } from "@/app/settings/thresholds/actions";
import type { ActionState } from "@/lib/server/auth/guards";
import type { SavedThresholdVersion } from "@/lib/server/thresholds/save-threshold-version";
import type { ThresholdVersionRecord } from "@/lib/server/thresholds/threshold-version-record";
import { fieldErrorsOf, fieldsOf, valuesOf, type DraftFields } from "@/lib/thresholds/draft-fields";
import { thresholdsSchema } from "@/lib/thresholds/thresholds.schema";
import { CalibrationCard } from "./calibration-card";
import { PreviewPanel } from "./preview-panel";
import { ThresholdsForm } from "./thresholds-form";
import styles from "./thresholds.module.css";
import { useDebouncedValue } from "./use-debounced-value";
import { WeightFitCard } from "./weight-fit-card";

type Props = { active: ThresholdVersionRecord; nextVersion: number };

/**
 * The editor, its live preview and the calibration assistant, sharing one draft. The draft
 * outlives a refresh of the page: when another admin saves, the page shows their version as
 * the base and the draft stays as typed (an untouched draft follows the new version).
 */
export function ThresholdsWorkbench({ active, nextVersion }: Props) {
  const [fields, setFields] = useState<DraftFields>(() => fieldsOf(active));
  const [note, setNote] = useState("");
  const [state, action, isPending] = useActionState<ActionState<SavedThresholdVersion>, FormData>(saveThresholdsAction, { status: "idle" });
  const [seenActive, setSeenActive] = useState(active);
  const [handledState, setHandledState] = useState(state);
  if (seenActive.id !== active.id) {
    setSeenActive(active);
    if (JSON.stringify(fields) === JSON.stringify(fieldsOf(seenActive))) setFields(fieldsOf(active));
  }
  if (handledState !== state) {
    setHandledState(state);
    if (state.status === "ok") setNote("");
  }

  const values = valuesOf(fields);
  const draftJson = JSON.stringify(values);
  const parsed = thresholdsSchema.safeParse(values);
  const clientErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  // The server checks the same schema: its field errors matter for the note (checked on
  // save only); for the values, the live check of what is on screen now is the one to show.
  const noteError = state.status === "error" ? state.fieldErrors?.note : undefined;
  const errors = noteError ? { ...clientErrors, note: noteError } : clientErrors;
  const isDirty = draftJson !== JSON.stringify(valuesOf(fieldsOf(active)));

  const settledJson = useDebouncedValue(parsed.success ? draftJson : "", 350);
  const settledDraft = useMemo(() => (settledJson === "" ? null : thresholdsSchema.parse(JSON.parse(settledJson))), [settledJson]);

  return (
    <div className={styles.workbench}>
      <ThresholdsForm
        fields={fields}
        onFieldsChange={setFields}
        note={note}
        onNoteChange={setNote}
        errors={errors}
        state={state}
        action={action}
        isPending={isPending}
        draftJson={draftJson}
        baseId={active.id}
        nextVersion={nextVersion}
        isDirty={isDirty}
        isValid={parsed.success}
        onReset={() => setFields(fieldsOf(active))}
      />
      <div className={styles.side}>
        <PreviewPanel baseId={active.id} baseVersion={active.version} draft={settledDraft} isDraftValid={parsed.success} />
        <CalibrationCard active={active} nextVersion={nextVersion} onTry={(cutoffs) => setFields((current) => ({ ...current, cutoffs: fieldsOf({ cutoffs, weights: active.weights }).cutoffs }))} />
        <WeightFitCard active={active} nextVersion={nextVersion} onTry={(proposal) => setFields(fieldsOf(proposal))} />
      </div>
    </div>
  );
}
