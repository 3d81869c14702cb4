"use client";

import { useActionState, useEffect, useState } from "react";
import { restoreRubricAction } from "@/app/settings/rubric/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type Props = {
  versionId: number;
  version: number;
  basedOnVersionId: number;
  /** The criteria of this version and of the active one, to say what raters will see instead. */
  criteria: string[];
  activeCriteria: string[];
};

/** Restores an older rubric as a new version, after a confirmation that says what raters will get. */
export function RestoreVersionButton({ versionId, version, basedOnVersionId, criteria, activeCriteria }: Props) {
  const [state, action, isPending] = useActionState(restoreRubricAction, { status: "idle" });
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    if (state.status === "ok") setIsOpen(false);
  }, [state]);
  const added = criteria.filter((name) => !activeCriteria.includes(name));
  const dropped = activeCriteria.filter((name) => !criteria.includes(name));
  const change =
    added.length === 0 && dropped.length === 0
      ? `The criteria stay the same (${criteria.join(", ")}); their levels and guidance become version ${version}'s.`
      : [added.length > 0 ? `raters start rating ${added.join(", ")}` : null, dropped.length > 0 ? `stop rating ${dropped.join(", ")}` : null]
          .filter(Boolean)
          .join(" and ")
          .replace(/^r/, "R") + ".";
  return (
    <>
      <button type="button" className="button button-secondary button-small" onClick={() => setIsOpen(true)}>
        Restore version {version}
      </button>
      {state.status === "error" ? <span className="field-error">{state.error}</span> : null}
      <ConfirmDialog isOpen={isOpen} title={`Restore rubric version ${version}?`} onCancel={() => setIsOpen(false)}>
        <p className="strong">{change}</p>
        <p>Raters get it with their next item. Ratings already given keep the version they were made under.</p>
        <form action={action} className="inline-form">
          <input type="hidden" name="versionId" value={versionId} />
          <input type="hidden" name="basedOnVersionId" value={basedOnVersionId} />
          <button type="submit" className="button" disabled={isPending}>
            {isPending ? "Restoring…" : `Yes, restore version ${version}`}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setIsOpen(false)}>
            Cancel
          </button>
        </form>
      </ConfirmDialog>
    </>
  );
}
