"use server";

import { revalidatePath } from "next/cache";
import { after } from "next/server";
import { z } from "zod";
import { ACCESS } from "@/lib/auth/access";
import { retryPolicyFormSchema } from "@/lib/score/retry-policy.schema";
import { authorizedAction } from "@/lib/server/auth/guards";
import { DomainError } from "@/lib/server/errors";
import { updateRetryPolicy } from "@/lib/server/score/update-retry-policy";
import { kickRecompute } from "@/lib/server/thresholds/kick-recompute";
import { restoreThresholdVersion } from "@/lib/server/thresholds/restore-threshold-version";
import { saveThresholdVersion, type SavedThresholdVersion } from "@/lib/server/thresholds/save-threshold-version";
import type { Thresholds } from "@/lib/thresholds/thresholds.schema";

const PAGE = "/settings/thresholds";

// The editor posts its draft as one JSON field: the values are nested (cut-offs, weights per
// persona), and their errors come back keyed by dotted path ("cutoffs.good") from the one
// shared schema, which saveThresholdVersion applies to the draft, the note and the base.
const saveForm = z.object({ draft: z.string(), note: z.string().default(""), basedOnId: z.coerce.number() });
const restoreForm = z.object({ versionId: z.coerce.number().int().positive(), basedOnId: z.coerce.number().int().positive() });

/** The draft as posted; saveThresholdVersion validates it with the shared schema. */
function parseDraft(text: string): Thresholds {
  try {
    return JSON.parse(text) as Thresholds;
  } catch {
    throw new DomainError("invalid", "The draft could not be read; reload the page.");
  }
}

/** Saves (or restores) and refreshes the page, also when another admin saved first, so the editor compares with the version that is active now. */
async function saving<T extends SavedThresholdVersion>(save: () => Promise<T>): Promise<T> {
  try {
    const saved = await save();
    if (saved.recomputeJobId !== null) after(() => kickRecompute());
    return saved;
  } finally {
    revalidatePath(PAGE);
  }
}

export const saveThresholdsAction = authorizedAction<typeof saveForm, SavedThresholdVersion>(ACCESS.administer, saveForm, async (input, user) => {
  const saved = await saving(() =>
    saveThresholdVersion({ thresholds: parseDraft(input.draft), note: input.note, basedOnId: input.basedOnId, authorId: user.id }),
  );
  return { message: `Saved version ${saved.version}.`, data: saved };
});

export const restoreThresholdsAction = authorizedAction<typeof restoreForm, SavedThresholdVersion>(ACCESS.administer, restoreForm, async (input, user) => {
  const restored = await saving(() => restoreThresholdVersion({ versionId: input.versionId, basedOnId: input.basedOnId, authorId: user.id }));
  return { message: `Restored version ${restored.restoredVersion} as version ${restored.version}.`, data: restored };
});

export const updateRetryPolicyAction = authorizedAction(ACCESS.administer, retryPolicyFormSchema, async (policy) => {
  await updateRetryPolicy(policy);
  revalidatePath(PAGE);
  return { message: "Saved. POST /api/v1/score answers with this cut-off within seconds." };
});
