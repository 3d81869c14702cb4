"use client";

import { useId, useState, type DragEvent } from "react";

/** Drop files here, or pick them: both hand the chosen files to `onFiles`. */
export function DropZone({ accept, disabled, onFiles }: { accept: string; disabled?: boolean; onFiles: (files: File[]) => void }) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      className={`import-drop-zone${isOver ? " import-drop-zone-over" : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
    >
      <p className="strong">Drop files here</p>
      <p className="muted">or</p>
      <label htmlFor={inputId} className="button button-secondary">
        Choose files…
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        className="visually-hidden"
        aria-label="Files to import"
        onChange={(event) => {
          if (event.target.files && event.target.files.length > 0) onFiles([...event.target.files]);
          event.target.value = "";
        }}
      />
    </div>
  );
}
