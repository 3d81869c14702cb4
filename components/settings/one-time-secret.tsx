"use client";

import { useState } from "react";

/** A secret shown once (a password, an invite link, an API key), with a copy button. */
export function OneTimeSecret({ label, secret, note }: { label: string; secret: string; note: string }) {
  const [isCopied, setIsCopied] = useState(false);
  return (
    <div className="one-time-secret" role="status">
      <p className="one-time-secret-label">{label}</p>
      <div className="one-time-secret-row">
        <code aria-label={label}>{secret}</code>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={async () => {
            await navigator.clipboard?.writeText(secret);
            setIsCopied(true);
          }}
        >
          {isCopied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="field-hint">{note}</p>
    </div>
  );
}
