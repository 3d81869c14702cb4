"use client";

import { EmptyState } from "@/components/ui/empty-state";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <EmptyState
      title="Something went wrong"
      action={
        <button type="button" className="button" onClick={reset}>
          Try again
        </button>
      }
    >
      <p role="alert">This page could not be loaded{error.digest ? ` (reference ${error.digest})` : ""}.</p>
    </EmptyState>
  );
}
