import { Alert } from "@/components/ui/alert";

/** Says why API keys cannot be stored, when they cannot. */
export function SecretKeyNotice({ canStoreKeys, problem }: { canStoreKeys: boolean; problem: string | null }) {
  if (canStoreKeys) return null;
  return (
    <div className="section">
      <Alert tone="warning">
        {problem ?? (
          <>
            API keys cannot be stored: <code>CONCORD_SECRET_KEY</code> is not set. Set it to 32 random bytes (<code>openssl rand -base64 32</code>) and restart Concord. Endpoints that need no key
            (a local Ollama or llama.cpp server) work without it.
          </>
        )}
      </Alert>
    </div>
  );
}
