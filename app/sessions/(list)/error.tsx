"use client";

import { EmptyState } from "@/components/ui/empty-state";

export default function SessionsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <EmptyState
      title="The sessions could not be loaded"
      action={
        <button type="button" className="button" onClick={reset}>
          Try again
        </button>
      }
    >
      <p role="alert">The database did not answer in time or failed{error.digest ? ` (reference ${error.digest})` : ""}. Your filters are kept in the address.</p>
    </EmptyState>
  );
}
