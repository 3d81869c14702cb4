"use client";

import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export default function SessionError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <EmptyState
      title="This session could not be loaded"
      action={
        <>
          <button type="button" className="button" onClick={reset}>
            Try again
          </button>{" "}
          <Link href="/sessions" className="button button-secondary">
            All sessions
          </Link>
        </>
      }
    >
      <p role="alert">Something failed while reading it{error.digest ? ` (reference ${error.digest})` : ""}.</p>
    </EmptyState>
  );
}
