"use client";

import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { genericFieldsSchema, importSearchParams, logImportOptionsSchema } from "@/lib/ingest/import-options.schema";
import { pairSummaryFiles } from "@/lib/ingest/pair-summary-files";
import { DropZone } from "./drop-zone";
import { ImportOptionsForm, INITIAL_FORM, type ImportFormState } from "./import-options-form";
import { uploadFile } from "./upload-file";
import { UploadRow, type Upload } from "./upload-row";

type FieldErrors = Partial<Record<keyof ImportFormState, string>>;

/**
 * The import page: options, a drop zone, and one row per file. Files upload one after the
 * other to POST /api/import, each imported all-or-nothing on its own.
 */
export function ImportPanel({ maxBytes }: { maxBytes: number }) {
  const [form, setForm] = useState<ImportFormState>(INITIAL_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const nextId = useRef(1);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = (id: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const onFiles = (files: File[]) => {
    const query = queryFor(form);
    if ("errors" in query) {
      setErrors(query.errors);
      setNotice("Check the highlighted options first.");
      return;
    }
    setErrors({});
    const { pairs, unpaired } = form.mode === "log" ? pairSummaryFiles(files) : { pairs: files.map((file) => ({ file, summary: null })), unpaired: [] };
    setNotice(unpaired.length > 0 ? `No log of the same name for ${unpaired.map((f) => f.name).join(", ")}; drop each summary together with its log.` : null);
    const added: Upload[] = pairs.map(({ file, summary }) => ({ id: nextId.current++, file, summary, status: "waiting", progress: 0 }));
    setUploads((list) => [...added, ...list]);
    for (const upload of added) enqueue(upload, query.params);
  };

  const enqueue = (upload: Upload, params: URLSearchParams) => {
    queue.current = queue.current.then(async () => {
      if (upload.file.size + (upload.summary?.size ?? 0) > maxBytes) {
        update(upload.id, { status: "failed", error: { error: "too_large", message: `the file is larger than the limit of ${Math.round(maxBytes / 1048576)} MB; import it with the command line (concord import)`, limitBytes: maxBytes } });
        return;
      }
      update(upload.id, { status: "uploading" });
      const outcome = await uploadFile(upload.file, upload.summary, params, (progress) =>
        update(upload.id, { progress, status: progress >= 1 ? "importing" : "uploading" }),
      );
      update(upload.id, outcome.ok ? { status: "done", progress: 1, result: outcome.result } : { status: "failed", progress: 1, error: outcome.error });
    });
  };

  /** The same file again, alone, under the options as they are now. */
  const onRetry = (upload: Upload) => {
    const query = queryFor(form);
    if ("errors" in query) {
      setErrors(query.errors);
      setNotice("Check the highlighted options first.");
      return;
    }
    update(upload.id, { status: "waiting", progress: 0, result: undefined, error: undefined });
    enqueue(upload, query.params);
  };

  const isBusy = uploads.some((upload) => upload.status === "uploading" || upload.status === "importing" || upload.status === "waiting");
  return (
    <>
      <section className="card section">
        <h2>Options</h2>
        <ImportOptionsForm value={form} errors={errors} onChange={setForm} />
      </section>
      <section className="section" aria-label="Files">
        <DropZone onFiles={onFiles} accept={form.mode === "log" ? ".jsonl,.ndjson,.json,.txt" : ".jsonl,.ndjson,.json,.csv,.tsv,.txt"} />
        {notice ? <Alert tone="warning">{notice}</Alert> : null}
        {isBusy ? <p className="muted">Files are imported one at a time; you can add more meanwhile.</p> : null}
        {uploads.length > 0 ? (
          <ul className="import-uploads" aria-label="Imports">
            {uploads.map((upload) => (
              <UploadRow key={upload.id} upload={upload} onRetry={onRetry} />
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}

/** The query string for the current options, validated with the schemas the server uses. */
function queryFor(form: ImportFormState): { params: URLSearchParams } | { errors: FieldErrors } {
  const blank = (text: string) => (text.trim() === "" ? undefined : text.trim());
  const log = logImportOptionsSchema.safeParse({ sessionId: blank(form.sessionId), seedPrompt: blank(form.seedPrompt), replace: form.replace });
  const errors: FieldErrors = {};
  if (!log.success) for (const issue of log.error.issues) errors[issue.path[0] as keyof ImportFormState] ??= issue.message;
  let generic = null;
  if (form.mode === "generic") {
    const humanFields = form.humanFields.split(",").map((f) => f.trim()).filter(Boolean);
    const criterionTypes = form.criterionTypes.split("\n").map((line) => line.trim()).filter(Boolean);
    const parsed = genericFieldsSchema.safeParse({
      itemField: blank(form.itemField),
      textField: blank(form.textField),
      groupField: blank(form.groupField),
      dimensionField: blank(form.dimensionField),
      judgeField: blank(form.judgeField),
      humanFields: humanFields.length > 0 ? humanFields : undefined,
      annotatorField: blank(form.annotatorField),
      judgeName: blank(form.judgeName),
      confidenceField: blank(form.confidenceField),
      generatorModelField: blank(form.generatorModelField),
      judgeModel: blank(form.judgeModel),
      criterionTypes: criterionTypes.length > 0 ? criterionTypes : undefined,
    });
    if (parsed.success) generic = parsed.data;
    else for (const issue of parsed.error.issues) errors[issue.path[0] as keyof ImportFormState] ??= issue.message;
  }
  if (!log.success || Object.keys(errors).length > 0) return { errors };
  const isDryRun = form.mode === "generic" && form.isDryRun;
  return { params: importSearchParams({ replace: form.replace, sessionId: log.data.sessionId, seedPrompt: log.data.seedPrompt, generic, isDryRun }) };
}
