// One upload to POST /api/import with XMLHttpRequest, whose upload events give a progress
// bar (fetch has none for request bodies).
import type { ImportErrorBody, ImportResult } from "@/lib/ingest/import-result";

export type UploadOutcome = { ok: true; result: ImportResult } | { ok: false; error: ImportErrorBody };

export function uploadFile(
  file: File,
  summary: File | null,
  query: URLSearchParams,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.set("file", file);
    if (summary) form.set("summary", summary);
    const request = new XMLHttpRequest();
    request.open("POST", `/api/import?${query.toString()}`);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as ImportResult | ImportErrorBody | null;
      if ((request.status === 200 || request.status === 201) && body && "status" in body) resolve({ ok: true, result: body });
      else resolve({ ok: false, error: errorBody(request.status, body) });
    };
    request.onerror = () => resolve({ ok: false, error: { error: "network", message: "The upload failed: the server could not be reached." } });
    request.send(form);
  });
}

function errorBody(status: number, body: unknown): ImportErrorBody {
  if (body && typeof body === "object" && "error" in body) {
    const { error, message } = body as { error: string; message?: string };
    return { ...(body as object), error, message: message ?? error } as ImportErrorBody;
  }
  return { error: "http", message: `The server answered ${status}.` };
}
