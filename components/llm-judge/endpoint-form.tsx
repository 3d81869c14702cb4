"use client";

import { useActionState } from "react";
import { saveEndpointAction } from "@/app/settings/judges/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { EndpointView } from "@/lib/llm-judge/endpoint.schema";
import type { ActionState } from "@/lib/server/auth/guards";
import styles from "./endpoint-form.module.css";

type Props = {
  /** The endpoint being edited; absent to add one. */
  endpoint?: EndpointView;
  canStoreKeys: boolean;
};

/**
 * Adds or edits an OpenAI-compatible endpoint. The stored API key is never sent here:
 * the form only knows whether one is set, and offers to replace or remove it.
 */
export function EndpointForm({ endpoint, canStoreKeys }: Props) {
  const [state, action] = useActionState<ActionState, FormData>(saveEndpointAction, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const values = state.status === "error" ? state.values : undefined;
  const value = (name: keyof EndpointView, fallback = "") => values?.[name] ?? (endpoint && endpoint[name] !== null ? String(endpoint[name]) : fallback);
  const keyHint = endpoint?.hasApiKey
    ? "A key is set. Type a new one to replace it, or leave this empty to keep it. A new base URL needs the key typed again."
    : canStoreKeys
      ? "Optional: a local server (Ollama, llama.cpp, vLLM) may need none. Stored encrypted, never shown again."
      : "Storing a key needs CONCORD_SECRET_KEY on the server; endpoints without a key work without it.";
  return (
    <form action={action} className={`form ${styles.grid}`} noValidate aria-label={endpoint ? `Edit ${endpoint.name}` : "Add an endpoint"}>
      {endpoint ? <input type="hidden" name="endpointId" value={endpoint.id} /> : null}
      <Field label="Name" name="name" defaultValue={value("name")} placeholder="e.g. openai-mini" required error={errors?.name} />
      <Field label="Base URL" name="baseUrl" defaultValue={value("baseUrl")} placeholder="https://api.openai.com/v1" required error={errors?.baseUrl} hint="Concord posts to {base URL}/chat/completions." />
      <Field label="Model" name="model" defaultValue={value("model")} placeholder="gpt-4o-mini, llama3.1:8b…" required error={errors?.model} />
      <div className={styles.keyField}>
        <Field
          label="API key"
          name="apiKey"
          type="password"
          autoComplete="off"
          placeholder={endpoint?.hasApiKey ? "key set — leave empty to keep" : "none"}
          error={errors?.apiKey}
          hint={keyHint}
        />
        {endpoint?.hasApiKey ? (
          <label className={styles.checkbox}>
            <input type="checkbox" name="clearApiKey" defaultChecked={values?.clearApiKey === "on"} /> Remove the stored key
          </label>
        ) : null}
      </div>
      <Field label="Temperature" name="temperature" type="number" step="0.1" min={0} max={2} defaultValue={value("temperature", "0")} error={errors?.temperature} hint="0 for the most repeatable verdicts." />
      <Field label="Max concurrency" name="maxConcurrency" type="number" min={1} max={32} defaultValue={value("maxConcurrency", "2")} error={errors?.maxConcurrency} hint="Requests in flight at once." />
      <Field label="Requests per minute" name="requestsPerMinute" type="number" min={1} defaultValue={value("requestsPerMinute", "60")} error={errors?.requestsPerMinute} hint="Your provider's rate limit." />
      <Field
        label="Input price per 1M tokens"
        name="inputPricePerMillion"
        type="number"
        step="any"
        min={0}
        defaultValue={value("inputPricePerMillion")}
        error={errors?.inputPricePerMillion}
        hint="Optional, in dollars. With the output price, runs and cascades show what they cost."
      />
      <Field
        label="Output price per 1M tokens"
        name="outputPricePerMillion"
        type="number"
        step="any"
        min={0}
        defaultValue={value("outputPricePerMillion")}
        error={errors?.outputPricePerMillion}
        hint="Both or neither; 0 for a free local model."
      />
      <div className="form-actions">
        <SubmitButton pendingText="Saving…">{endpoint ? "Save changes" : "Add endpoint"}</SubmitButton>
      </div>
      <div className="form-result">
        {state.status === "error" ? <Alert tone="error">{state.error}</Alert> : null}
        {state.status === "ok" && state.message ? <Alert tone="success">{state.message}</Alert> : null}
      </div>
    </form>
  );
}
